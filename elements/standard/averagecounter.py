"""AverageCounter: Counts packets and bytes and reports average rates.

Facts from Click's elements/standard/averagecounter.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('AverageCounter', '1/1', 'a/a',
    args=(Arg('IGNORE', 'unsigned', positional=True, default=0),),
    handlers=(
        Handler('count'),
        Handler('byte_count'),
        Handler('rate'),
        Handler('byte_rate'),
        Handler('reset', read=False, write=True),
    ),
    state='counters',
    concurrency='per-thread',
    concurrency_note='per-thread counts (CK_PT_*) summed by the handlers; first time by an atomic '
                     'compare-and-swap, last time by a relaxed store',
)
