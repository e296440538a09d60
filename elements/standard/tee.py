"""Tee: Copies each packet to all of its outputs.

Facts from Click's elements/standard/tee.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def tee_arms(graph: RouterGraph, element: Element, args: dict[str, Any],
             ctx: ConfigureContext) -> None:
    """Tee and PullTee: an explicit ``N`` must equal the number of outputs (Click's
    Tee::configure, with its message)."""
    n = args.get("N")
    noutputs = int(graph.noutputs_used(element.name))
    if n is not None and int(n) != noutputs:
        ctx.error(f"{noutputs} outputs implies {noutputs} arms")


SPEC = ElementSpec('Tee', '1/1-', 'h/h',
    args=(Arg('N', 'unsigned', positional=True),),
    validate=tee_arms,
           order_free=True,
           header_delta=0,
           removable_outputs=True,
)
