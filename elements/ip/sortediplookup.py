"""SortedIPLookup: Route table lookup over a route list sorted so that more specific routes come
first (deprecated in Click for LinearIPLookup; same table syntax as StaticIPLookup).

Facts from Click's elements/ip/sortediplookup.hh and .cc: LinearIPLookup's table and handlers,
re-sorted after every change (the ``table`` handler lists the sorted order), Click's
deprecation warning while configuring, and a "no gw" message for every packet without a route.
"""

import dataclasses
from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.ip.iproutetable import route_table_spec
from clickc.ir import Element, RouterGraph


def deprecated(graph: RouterGraph, element: Element, args: dict[str, Any],
               ctx: ConfigureContext) -> None:
    """Click's warning at every SortedIPLookup (SortedIPLookup::configure)."""
    ctx.warning("SortedIPLookup is deprecated; use LinearIPLookup or RadixIPLookup instead")


SPEC = dataclasses.replace(
    route_table_spec(name='SortedIPLookup'),
    validate=deprecated,
    order_free=True,
    header_delta=0,
)
