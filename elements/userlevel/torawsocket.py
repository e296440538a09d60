"""ToRawSocket: Sends the IPv4 packets it pulls over a raw socket (RawSocket kept for backward
compatibility).

Facts from Click's elements/userlevel/torawsocket.hh and .cc.  Click keeps RawSocket's port
count with pull outputs RawSocket cannot serve; clickc gives it no output.
"""

from clickc.elements.userlevel.rawsocket import rawsocket_spec

SPEC = rawsocket_spec('ToRawSocket', port_count='0-1/0', processing='l/l')
