"""Counter: Counts packets and bytes passing through and reports rates.

Facts from Click's elements/standard/counter.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState

SPEC = ElementSpec('Counter', '1/1', 'a/a',
    args=(
        Arg('COUNT_CALL', 'anything'),
        Arg('BYTE_COUNT_CALL', 'anything'),
    ),
    handlers=(
        Handler('count'),
        Handler('byte_count'),
        Handler('rate'),
        Handler('bit_rate'),
        Handler('byte_rate'),
        Handler('reset', read=False, write=True),
        Handler('reset_counts', read=False, write=True),
        Handler('count_call', write=True),
        Handler('byte_count_call', read=False, write=True),
    ),
    state='counters',
    concurrency='per-thread',
    concurrency_note=(
        'per-thread copies of count, byte_count and the rate averages, summed by the read '
        'handlers; COUNT_CALL and BYTE_COUNT_CALL compare the sum and fire once'
    ),
    header_delta=0,
    # counts and rates continue across a hot reconfiguration (Click's restart from zero)
    hot=HotState(copy=('count', 'byte_count', 'rate', 'byte_rate', 'count_triggered',
                       'byte_triggered'),
                 copy_threaded=('slots', 'count_triggered', 'byte_triggered'), take=True),
)
