"""TCPDemux: Demultiplexes TCP packets to connections (TCPConn).

Facts from Click's elements/local/tcpdemux.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('TCPDemux', '1/1', 'h/h',
    config='none',
)
