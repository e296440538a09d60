"""SetTCPChecksum: Recomputes the TCP checksum.

Facts from Click's elements/tcpudp/settcpchecksum.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='SetTCPChecksum',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('FIXOFF', 'bool', positional=True, default=False),
    ),
    doc='Recomputes the TCP checksum.',
)
