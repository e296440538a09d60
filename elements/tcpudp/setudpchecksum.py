"""SetUDPChecksum: Recomputes the UDP checksum.

Facts from Click's elements/tcpudp/setudpchecksum.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='SetUDPChecksum',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    config='none',
    doc='Recomputes the UDP checksum.',
)
