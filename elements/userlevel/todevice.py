"""ToDevice: Pulls packets and sends them on a network device.

Facts from Click's elements/userlevel/todevice.hh and .cc.  clickc sends on Linux interfaces with an
AF_PACKET socket (METHOD LINUX or PCAP; TX_RING chooses the transmit ring or sendmmsg) or AF_XDP
(METHOD XDP); TX_RING, QUEUE and the count handler are clickc's additions (docs/io.md).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.elements.userlevel.fromdevice import check_method

SPEC = ElementSpec('ToDevice', '1/0-2', 'l/h',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('DEBUG', 'bool', default=False),
        Arg('METHOD', 'word', doc='LINUX (AF_PACKET; the default), PCAP (the same on Linux) '
                                  'or XDP (AF_XDP)'),
        Arg('BURST', 'unsigned', default=1),
        Arg('TX_RING', 'bool', default=False,
            doc='clickc: send through a TPACKET_V2 transmit ring instead of sendmmsg '
                '(slower on veth, docs/io.md)'),
        Arg('QUEUE', 'unsigned', default=0, doc='clickc: the device queue (METHOD XDP)'),
    ),
    handlers=(
        Handler('debug', write=True),
        Handler('pulls'),
        Handler('signal'),
        Handler('q'),
        Handler('count', doc='clickc: packets handed to the device'),
    ),
    schedulable='pull-sink',
    configure_phase=90,
    validate=check_method,
           click_flags='S2',
    # the packets it holds and its count move (docs/reconfiguration.md)
    hot=HotState(expose=('q', 'held', 'count', 'xsk', 'xdpkey'), take=True),
)
