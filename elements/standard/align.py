"""Align: Makes packet data aligned to MODULUS/OFFSET, copying when needed.

Facts from Click's elements/standard/align.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def align_modulus(graph: RouterGraph, element: Element, args: dict[str, Any],
                  ctx: ConfigureContext) -> None:
    """Align: MODULUS 2, 4 or 8 and OFFSET below it (Click's Align::configure)."""
    m, o = int(args.get("MODULUS") or 0), int(args.get("OFFSET") or 0)
    if m not in (2, 4, 8):
        ctx.error("MODULUS must be 2, 4, or 8")
    elif o >= m:
        ctx.error("OFFSET must be smaller than MODULUS")


SPEC = ElementSpec('Align', '1/1', 'a/a',
    args=(
        Arg('MODULUS', 'unsigned', positional=True, required=True),
        Arg('OFFSET', 'unsigned', positional=True, required=True),
    ),
    validate=align_modulus,
           order_free=True,
           header_delta=0,
    doc=('Makes packet data aligned to MODULUS/OFFSET, copying when needed. clickc packets '
         'start 8-byte aligned, so Align moves data only after elements that strip or push '
         'a number of bytes that breaks the requested alignment.'),
)
