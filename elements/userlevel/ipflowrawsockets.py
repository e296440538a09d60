"""IPFlowRawSockets: Sends each TCP/UDP flow's packets (by aggregate annotation) over a raw
socket of its own and emits the packets that come back for the flow.

Facts from Click's elements/userlevel/ipflowrawsockets.hh and .cc.
"""

from clickc.elements.analysis.aggregatefirst import no_notifier
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPFlowRawSockets', '1/1', 'a/h', 'x/y',
    args=(
        Arg('NOTIFIER', 'element', doc='an AggregateNotifier that reports deleted flows '
            '(refused: clickc has none that notifies yet)'),
        Arg('SNAPLEN', 'unsigned', default=2046, doc='bytes received per packet at most'),
        Arg('PCAP', 'bool', default=True,
            doc="receive with libpcap on all interfaces, filtered to the flow's reverse "
                'direction (false: read the raw socket, keeping packets to the source port)'),
        Arg('HEADROOM', 'unsigned', default=28, doc='headroom of received packets'),
    ),
    validate=no_notifier,
    schedulable='source',
    state='per-flow',
    concurrency='one-thread',
    concurrency_note="one task reads the flows' sockets; packets are sent from the thread "
                     'that pushes them',
    click_flags='S3',
)
