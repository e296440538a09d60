"""McastSocket: Sends packets to a UDP multicast group and emits the datagrams sent to it.

Facts from Click's elements/userlevel/mcastsocket.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('McastSocket', '0-1/0-1', 'a/h', 'x/y',
    args=(
        Arg('MCASTIP', 'ip', positional=True, required=True, doc='the multicast group'),
        Arg('MCASTPORT', 'port', positional=True, required=True, doc="the group's UDP port"),
        Arg('SOURCEIP', 'ip', positional=True,
            doc='the address (and so the interface) to send and receive on; datagrams from '
                'SOURCEIP:SOURCEPORT (its own) are then ignored'),
        Arg('SOURCEPORT', 'port', positional=True, default=0,
            doc='the source port (0: any free one)'),
        Arg('SNAPLEN', 'unsigned', default=2048, doc='bytes read per datagram at most'),
        Arg('HEADROOM', 'unsigned', default=28, doc='headroom of received packets'),
        Arg('TIMESTAMP', 'bool', default=True, doc='stamp received packets with the time'),
        Arg('RCVBUF', 'int', default=-1, doc='SO_RCVBUF bytes (negative: the system default)'),
        Arg('SNDBUF', 'int', default=-1, doc='SO_SNDBUF bytes (negative: the system default)'),
        Arg('LOOP', 'bool', default=True,
            doc='IP_MULTICAST_LOOP: the host (this process too) gets copies of what it sends'),
    ),
    schedulable='source',
    state='shared',
    concurrency='one-thread',
    concurrency_note='one task reads and writes the sockets',
    click_flags='S3',
)
