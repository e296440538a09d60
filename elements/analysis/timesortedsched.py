"""TimeSortedSched: Merges packet streams that are each sorted by timestamp: each pull returns
the buffered packet with the earliest timestamp.

Facts from Click's elements/analysis/timesortedsched.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check_buffer(graph: RouterGraph, element: Element, args: dict[str, Any],
                 ctx: ConfigureContext) -> None:
    """Click's "BUFFER must be at least 1"."""
    b = args.get('BUFFER')
    if isinstance(b, int) and b <= 0:
        ctx.error("BUFFER must be at least 1")


SPEC = ElementSpec('TimeSortedSched', '-/1', 'l/l',
    args=(
        Arg('STOP', 'bool', default=False,
            doc='stop the router when every input is exhausted'),
        Arg('BUFFER', 'int', default=1, doc='packets buffered per input, at least 1'),
    ),
    handlers=(Handler('well_ordered', doc='false once a packet left out of timestamp order '
                      '(an input was not sorted)'),),
    validate=check_buffer,
    state='shared',
    reads_timestamp=True,
    click_flags='S0',
    header_delta=0,
)
