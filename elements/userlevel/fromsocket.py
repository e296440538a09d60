"""FromSocket: Emits the data a TCP, UDP or Unix-domain socket receives (Socket kept for
backward compatibility: a server unless CLIENT is true).

Facts from Click's elements/userlevel/fromsocket.hh and .cc.
"""

from clickc.elements.userlevel.socket import socket_spec

SPEC = socket_spec('FromSocket', processing='h/h')
