"""AverageCounterMP: FastClick's AverageCounter whose counts several threads update atomically.

Facts from FastClick's elements/standard/averagecounter.hh and .cc (its arguments, handlers and
batch-build semantics); the C file shares elements/standard/ckavgfc.h with AverageCounterIMP.
"""

from clickc.elements.spec import Arg, ConcurrencyPolicy, ElementSpec, Handler

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

def fastclick_average_counter(name: str, concurrency: ConcurrencyPolicy,
                              note: str) -> ElementSpec:
    """The spec of FastClick's AverageCounter variant ``name``: FastClick's arguments and
    handlers, state ``counters`` with the ``concurrency`` policy described by ``note``."""
    return ElementSpec(name, '1/1', 'a/a', args=ARGS, handlers=HANDLERS, state='counters',
                       concurrency=concurrency, concurrency_note=note)


SPEC = fastclick_average_counter(
    'AverageCounterMP', 'atomic',
    'one set of 64-bit counts and times updated by relaxed atomic operations; the first time '
    'set once by a compare-and-swap')
