"""TCPIPSend: Sends TCP/IP packets when its ``send`` handler is written.

Facts from Click's elements/tcpudp/tcpipsend.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('TCPIPSend', '0/1', 'h/h',
    config='none',
    handlers=(Handler('send', read=False, write=True,
                      doc='"SRC SPORT DST DPORT SEQNO ACKNO FLAGS [COUNT STOP]"'),),
    state='none',
)
