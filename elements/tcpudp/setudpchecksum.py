"""SetUDPChecksum: Recomputes the UDP checksum.

Facts from Click's elements/tcpudp/setudpchecksum.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SetUDPChecksum', '1/1-2', 'a/ah',
    config='none',
)
