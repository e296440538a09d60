"""FastUDPFlows: Creates packets of FLOWS UDP flows very fast for benchmarks, changing a flow's
ports every FLOWSIZE packets.

Facts from Click's elements/tcpudp/fastudpflows.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.userlevel.fastudpsource import SPEC as FASTUDPSOURCE

SPEC = ElementSpec('FastUDPFlows', '0/1', 'l/l',
    args=(
        Arg('RATE', 'unsigned', positional=True, required=True,
            doc='packets per second (0: as fast as pulled)'),
        Arg('LIMIT', 'int', positional=True, required=True,
            doc='packets in all (negative: no limit)'),
        Arg('LENGTH', 'int', positional=True, required=True,
            doc='bytes per packet, Ethernet header included (at least 60)'),
        Arg('SRCETH', 'ether', positional=True, required=True),
        Arg('SRCIP', 'ip', positional=True, required=True),
        Arg('DSTETH', 'ether', positional=True, required=True),
        Arg('DSTIP', 'ip', positional=True, required=True),
        Arg('FLOWS', 'unsigned', positional=True, required=True, doc='number of flows'),
        Arg('FLOWSIZE', 'unsigned', positional=True, required=True,
            doc='packets a flow sends before its ports change'),
        Arg('CHECKSUM', 'bool', positional=True, default=True, doc='compute UDP checksums'),
        Arg('ACTIVE', 'bool', positional=True, default=True),
    ),
    handlers=FASTUDPSOURCE.handlers,
    state='shared',
)
