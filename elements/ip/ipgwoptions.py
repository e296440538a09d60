"""IPGWOptions: Processes IP options of packets forwarded by a gateway (record route, timestamp);
bad options go to output 1.

Facts from Click's elements/ip/ipgwoptions.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IPGWOptions', '1/1-2', 'a/ah',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 9.7 pooled (12-13) cycles/packet
    cost=12.0,
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    args=(
        Arg('MYADDR', 'ip', positional=True, required=True),
        Arg('OTHERADDRS', 'ip list', positional=True),
    ),
    handlers=(Handler('drops'),),
    order_free=True,
    header_delta=0,
)
