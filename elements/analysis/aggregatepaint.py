"""AggregatePaint: Sets the aggregate annotation from the low BITS bits of the paint annotation.

Facts from Click's elements/analysis/aggregatepaint.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's "bad number of bits" outside 1 to 8."""
    b = args.get('BITS')
    if isinstance(b, int) and not 0 < b <= 8:
        ctx.error("bad number of bits")


SPEC = ElementSpec('AggregatePaint', '1/1', 'a/a',
    args=(
        Arg('BITS', 'int', positional=True, default=8, doc='paint bits used, 1 to 8'),
        Arg('INCREMENTAL', 'bool', default=False,
            doc='shift the old aggregate left by BITS and add the bits to it'),
    ),
    validate=check,
    per_packet=True,
    order_free=True,
    header_delta=0,
)
