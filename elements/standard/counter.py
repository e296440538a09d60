"""Counter: Counts packets and bytes passing through and reports rates.

Facts from Click's elements/standard/counter.hh and .cc.
"""

from typing import Any

from clickc.args import cp_spacevec
from clickc.args.numbers import NumError, parse_int
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph

#: Click's counter_t (64 bits): the trigger a call without one gets.
_COUNTER_MAX = (1 << 64) - 1


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Counter::configure's checks of COUNT_CALL and BYTE_COUNT_CALL: a non-empty value's first
    space-separated word is an unsigned 64-bit count read by IntArg ("COUNT_CALL type
    mismatch"; above 2^64 - 1 "COUNT_CALL overflow, max ...", where Click's BYTE_COUNT_CALL
    message names the count trigger, as its code does).  Click prints the overflow and goes on
    with the largest count; clickc refuses it, as its router does when it initializes.  The
    handler part is checked when the router initializes (elements/standard/counter.c)."""
    count_trigger = _COUNTER_MAX
    for key in ('COUNT_CALL', 'BYTE_COUNT_CALL'):
        call = args.get(key)
        if not isinstance(call, str) or not call:
            continue
        words = cp_spacevec(call)
        word = words[0] if words else ''
        try:
            value = parse_int(word, 64, signed=False)
        except NumError as e:
            if not str(e).startswith('out of range'):
                ctx.error(f"{key} type mismatch")
                return
            value = _COUNTER_MAX
            ctx.error(f"{key} overflow, max "
                      f"{_COUNTER_MAX if key == 'COUNT_CALL' else count_trigger}")
        if key == 'COUNT_CALL':
            count_trigger = value


SPEC = ElementSpec('Counter', '1/1', 'a/a',
    args=(
        Arg('COUNT_CALL', 'anything'),
        Arg('BYTE_COUNT_CALL', 'anything'),
    ),
    validate=check,
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
