"""TCPConn: Local TCP connection state.

Facts from Click's elements/local/tcpconn.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='TCPConn',
    port_count='2/3',
    processing='hl/hlh',
    flow_code='x/x',
    config='none',
    handlers=(
        Handler('ctrl', read=False, write=True),
        Handler('reset', read=False, write=True),
    ),
    validate=tcp_not_implemented,
    doc='Local TCP connection state.',
)
