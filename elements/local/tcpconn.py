"""TCPConn: Local TCP connection state.

Facts from Click's elements/local/tcpconn.hh and .cc.
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('TCPConn', '2/3', 'hl/hlh',
    config='none',
    handlers=(
        Handler('ctrl', read=False, write=True),
        Handler('reset', read=False, write=True),
    ),
    validate=tcp_not_implemented,
)
