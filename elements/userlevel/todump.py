"""ToDump: Writes every packet it receives to a pcap file with the chosen link-layer encapsulation.

Facts from Click's elements/userlevel/todump.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState

SPEC = ElementSpec('ToDump', '1/0-1', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"), writing to tmpfs: 90-180 cycles/packet on ndpi-gnutella (median 118),
    # 540-1060 on tcpdump-afs's 870-byte packets; the prior is the small packets' figure
    cost=120.0,
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True),
        Arg('SNAPLEN', 'unsigned', positional=True, default=2000),
        Arg('ENCAP', 'encap', positional=True, default='ETHER'),
        Arg('USE_ENCAP_FROM', 'anything'),
        Arg('EXTRA_LENGTH', 'bool', default=True),
        Arg('UNBUFFERED', 'bool', default=False),
        Arg('NANO', 'bool', default=False),
    ),
    handlers=(
        Handler('filename'),
        Handler('count'),
        Handler('reset_counts', read=False, write=True),
    ),
    schedulable='pull-sink',
    empty_signal=True,
    state='shared',
    concurrency='lock',
    concurrency_note=(
        'each record is written under a per-instance lock; count and the active flag are '
        'relaxed atomics'
    ),
    configure_phase=200,
    click_flags='S2',
    # the same FILENAME goes on in the same file (docs/reconfiguration.md)
    hot=HotState(expose=('filename', 'pcap', 'dumper', 'count'), take=True),
)
