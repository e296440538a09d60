"""SetTimestamp: Sets the packet timestamp annotation to the current time or TIMESTAMP.

Facts from Click's elements/standard/settimestamp.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def set_timestamp(graph: RouterGraph, element: Element, args: dict[str, Any],
                  ctx: ConfigureContext) -> None:
    """SetTimestamp: DELTA true is refused with Click's message (Click's
    SetTimestamp::configure)."""
    if args.get("DELTA"):
        ctx.error("SetTimestamp(DELTA) is deprecated, use SetTimestampDelta(TYPE FIRST)")


SPEC = ElementSpec('SetTimestamp', '1/1', 'a/a',
    args=(
        Arg('TIMESTAMP', 'time', positional=True),
        Arg('FIRST', 'bool', default=False),
        Arg('DELTA', 'bool', default=False),
    ),
    validate=set_timestamp,
)
