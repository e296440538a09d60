"""FastUDPFlows: Creates packets of FLOWS UDP flows very fast for benchmarks, changing a flow's
ports every FLOWSIZE packets.

Facts from Click's elements/tcpudp/fastudpflows.hh and .cc; the keywords BURST, FLOWBURST,
SEQUENTIAL, DUPLICATE and STOP from FastClick's.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.elements.userlevel.fastudpsource import SPEC as FASTUDPSOURCE

#: Click's arguments (FastTCPFlows shares them, without CHECKSUM).
CLICK_ARGS = (
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
)
#: Click's handlers (FastTCPFlows shares them).
CLICK_HANDLERS = FASTUDPSOURCE.handlers

SPEC = ElementSpec('FastUDPFlows', '0/1', 'a/a',
    args=(
        *CLICK_ARGS,
        # FastClick's keywords (its elements/tcpudp/fastudpflows.cc)
        Arg('BURST', 'unsigned', default=32,
            doc='packets pushed per task run in push context (FastClick)'),
        Arg('FLOWBURST', 'unsigned', default=1,
            doc='packets sent in a row after each choice of a flow (FastClick)'),
        Arg('SEQUENTIAL', 'bool', default=False,
            doc='choose flows in turn and change ports by one instead of at random '
                '(FastClick)'),
        Arg('DUPLICATE', 'bool', default=False,
            doc='send copies instead of clones (FastClick)'),
        Arg('STOP', 'bool', default=False,
            doc='stop the driver once LIMIT packets are sent (FastClick)'),
    ),
    handlers=(*(h for h in CLICK_HANDLERS if h.name != 'limit'),
              Handler('limit', write=True, doc='LIMIT (negative: no limit)'),
              Handler('length', write=True,
                      doc='LENGTH; a new length makes the flows anew (new ports, count 0)'),
              Handler('srceth', read=False, write=True,
                      doc="source Ethernet address of the packets (FastClick's handler)"),
              Handler('dsteth', read=False, write=True,
                      doc="destination Ethernet address of the packets (FastClick's handler)"),
              Handler('stop', write=True, doc="STOP (FastClick's handler)")),
    schedulable='source',
    state='shared',
)
