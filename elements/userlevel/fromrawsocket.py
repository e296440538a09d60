"""FromRawSocket: Emits the IPv4 packets of one IP protocol a raw socket receives (RawSocket
kept for backward compatibility).

Facts from Click's elements/userlevel/fromrawsocket.hh and .cc.  Click keeps RawSocket's port
count with a push input RawSocket cannot serve; clickc gives it no input.
"""

from clickc.elements.userlevel.rawsocket import rawsocket_spec

SPEC = rawsocket_spec('FromRawSocket', port_count='0/0-1', processing='h/h')
