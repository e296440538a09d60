"""StoreTimestamp: Writes each packet's timestamp annotation (8 bytes) into its data at OFFSET,
or at its end with TAIL, extending the packet when needed.

Facts from Click's elements/analysis/storetimestamp.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def one_place(graph: RouterGraph, element: Element, args: dict[str, Any],
              ctx: ConfigureContext) -> None:
    """StoreTimestamp::configure: exactly one of OFFSET (>= 0) and TAIL (true)."""
    offset = args.get("OFFSET")
    has_offset = isinstance(offset, int) and offset >= 0
    if has_offset == bool(args.get("TAIL")):
        ctx.error("supply exactly one of 'OFFSET' and 'TAIL'")


SPEC = ElementSpec('StoreTimestamp', '1/1', 'a/a',
    args=(
        Arg('OFFSET', 'int', positional=True, default=-1,
            doc='where the 8 bytes go (the packet grows to OFFSET + 8 bytes if shorter)'),
        Arg('TAIL', 'bool', default=False, doc='append the 8 bytes instead'),
    ),
    validate=one_place,
    reads_timestamp=True,
    per_packet=True,
    order_free=True,
    header_delta=0,
)
