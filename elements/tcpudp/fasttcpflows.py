"""FastTCPFlows: Creates packets of FLOWS TCP flows very fast for benchmarks: a SYN, data
packets and a FIN per flow, each flow changing its ports every FLOWSIZE packets.

Facts from Click's elements/tcpudp/fasttcpflows.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('FastTCPFlows', '0/1', 'l/l',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True,
            doc='packets per second (0: as fast as pulled)'),
        Arg('LIMIT', 'int', positional=True, required=True,
            doc='packets in all before the closing FINs (negative: no limit)'),
        Arg('LENGTH', 'unsigned', positional=True, required=True,
            doc='bytes per packet, Ethernet header included (at least 60)'),
        Arg('SRCETH', 'ether', positional=True, required=True),
        Arg('SRCIP', 'ip', positional=True, required=True),
        Arg('DSTETH', 'ether', positional=True, required=True),
        Arg('DSTIP', 'ip', positional=True, required=True),
        Arg('FLOWS', 'unsigned', positional=True, required=True, doc='number of flows'),
        Arg('FLOWSIZE', 'unsigned', positional=True, required=True,
            doc='packets per flow, SYN and FIN included (at least 3)'),
        Arg('ACTIVE', 'bool', positional=True, default=True),
    ),
    handlers=(
        Handler('count', doc='packets sent'),
        Handler('rate', write=True, doc='packets per second between the first packet and the '
                'LIMITth (0 before); written: RATE'),
        Handler('reset', read=False, write=True, doc='count from zero again'),
        Handler('active', read=False, write=True, doc='ACTIVE (true also resets)'),
        Handler('limit', read=False, write=True, doc='LIMIT'),
    ),
    state='shared',
)
