"""SetTCPChecksum: Recomputes the TCP checksum.

Facts from Click's elements/tcpudp/settcpchecksum.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('SetTCPChecksum', '1/1', 'a/a',
    args=(Arg('FIXOFF', 'bool', positional=True, default=False),),
)
