"""FromDevice: Reads packets from a network device (pcap or Linux packet socket) and pushes them
out.

Facts from Click's elements/userlevel/fromdevice.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='FromDevice',
    port_count='0/1-2',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('PROMISC', 'bool', positional=True, default=False),
        Arg('SNAPLEN', 'unsigned', positional=True, default=2046),
        Arg('SNIFFER', 'bool', default=True),
        Arg('FORCE_IP', 'bool', default=False),
        Arg('METHOD', 'word'),
        Arg('BPF_FILTER', 'string'),
        Arg('PROTOCOL', 'ethertype'),
        Arg('OUTBOUND', 'bool', default=False),
        Arg('HEADROOM', 'unsigned'),
        Arg('ENCAP', 'encap'),
        Arg('BURST', 'unsigned', default=1),
        Arg('TIMESTAMP', 'bool', default=True),
    ),
    handlers=(
        Handler('kernel_drops'),
        Handler('encap'),
        Handler('count'),
        Handler('reset_counts', read=False, write=True),
    ),
    schedulable='source',
    configure_phase=89,
    doc=(
        'Reads packets from a network device (pcap or Linux packet socket) and pushes '
        'them out.'
    ),
)
