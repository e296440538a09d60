"""Discard: Drops every packet it receives; pulls when its input is pull.

Facts from Click's elements/standard/discard.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Discard', '1/0', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 9.3 pooled (7-11) cycles/packet
    cost=10.0,
    args=(
        Arg('ACTIVE', 'bool', default=True),
        Arg('BURST', 'unsigned', default=1),
    ),
    handlers=(
        Handler('reset_counts', read=False, write=True),
        Handler('active', write=True),
        Handler('count'),
    ),
    schedulable='pull-sink',
    empty_signal=True,
    state='counters',
    concurrency='per-thread',
    concurrency_note='per-thread copies of count, summed by the read handler',
    order_free=True,
)
