"""ToSocket: Sends the packets it pulls over a TCP, UDP or Unix-domain socket (Socket kept
for backward compatibility: a client unless CLIENT is false).

Facts from Click's elements/userlevel/tosocket.hh and .cc.  Click's ToSocket keeps Socket's
port count 0-1/0-1 with pull outputs that no Socket can serve; clickc gives it no output.
"""

from clickc.elements.userlevel.socket import socket_spec

SPEC = socket_spec('ToSocket', port_count='0-1/0', processing='l/l')
