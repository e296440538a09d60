"""AverageCounterMP: FastClick's AverageCounter whose counts several threads update atomically.

Facts from FastClick's elements/standard/averagecounter.hh and .cc (its arguments, handlers and
batch-build semantics); the C file shares elements/standard/ckavgfc.h with AverageCounterIMP.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

#: FastClick's arguments and handlers of its AverageCounter family (shared with
#: AverageCounterIMP).
ARGS = (
    Arg('IGNORE', 'real', positional=True, default=0.0,
        doc='seconds after the first packet whose packets are not counted'),
    Arg('LINK_FCS', 'bool', positional=True, default=True,
        doc='link_count and link_rate add 4 bytes of frame check sequence per packet'),
    Arg('MAX', 'unsigned', default=0,
        doc='seconds after the first packet after which nothing changes (0: no limit)'),
    Arg('THRESHOLD', 'unsigned', default=0,
        doc='packets per second above which the counts restart once (0: never)'),
)
HANDLERS = (
    Handler('count'),
    Handler('byte_count'),
    Handler('bit_count'),
    Handler('link_count'),
    Handler('rate'),
    Handler('byte_rate'),
    Handler('bit_rate'),
    Handler('link_rate'),
    Handler('time'),
    Handler('reset', read=False, write=True),
    Handler('reset_now', read=False, write=True),
)

SPEC = ElementSpec('AverageCounterMP', '1/1', 'a/a',
    args=ARGS,
    handlers=HANDLERS,
    state='counters',
    concurrency='atomic',
    concurrency_note='one set of 64-bit counts and times updated by relaxed atomic operations; '
                     'the first time set once by a compare-and-swap',
)
