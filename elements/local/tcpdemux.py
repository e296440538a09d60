"""TCPDemux: Demultiplexes TCP packets to connections (TCPConn).

Facts from Click's elements/local/tcpdemux.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='TCPDemux',
    port_count='1/1',
    processing='h/h',
    flow_code='x/x',
    config='none',
    doc='Demultiplexes TCP packets to connections (TCPConn).',
)
