"""DynamicUDPIPEncap: Prepends UDP and IP headers whose ports both grow by one every INTERVAL
packets.

Facts from Click's elements/tcpudp/dynudpipencap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('DynamicUDPIPEncap', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ip', positional=True, required=True, doc='the source address'),
        Arg('SPORT', 'udp_port', positional=True, required=True, doc='the first source port'),
        Arg('DST', 'ip', positional=True, required=True,
            doc='the destination address (also set as the DST_IP annotation)'),
        Arg('DPORT', 'udp_port', positional=True, required=True, doc='the first destination port'),
        Arg('CHECKSUM', 'bool', positional=True, default=True, doc='compute the UDP checksum'),
        Arg('INTERVAL', 'unsigned', positional=True, default=0,
            doc='packets between port increments (0: the ports never change)'),
    ),
    state='shared',
    concurrency='one-thread',
    concurrency_note='the IP ID, the packet count and the ports change with every packet',
    ip_header='encap',
    header_delta=28,
)
