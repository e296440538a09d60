"""SetTimestampDelta: Replaces each packet's timestamp by a difference: from the first packet's
(TYPE RANGE), to the current time (NOW), or from its FIRST_TIMESTAMP annotation (FIRST).

Facts from Click's elements/analysis/settimestampdelta.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's "bad TYPE" for a TYPE other than RANGE, NOW or FIRST."""
    if args.get('TYPE') not in (None, 'RANGE', 'NOW', 'FIRST'):
        ctx.error("bad TYPE")


SPEC = ElementSpec('SetTimestampDelta', '1/1', 'a/a',
    args=(Arg('TYPE', 'word', default='RANGE', doc='RANGE, NOW or FIRST'),),
    handlers=(
        Handler('first', doc='the first timestamp RANGE subtracts (then a newline)'),
        Handler('reset', read=False, write=True, doc='the next packet\'s timestamp becomes '
                'the first'),
    ),
    validate=check,
    state='shared',
    reads_timestamp=True,
    header_delta=0,
)
