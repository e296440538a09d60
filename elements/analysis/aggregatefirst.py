"""AggregateFirst: Lets through the first packet of each aggregate annotation value; later ones
go to output 1, or are dropped.

Facts from Click's elements/analysis/aggregatefirst.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def no_notifier(graph: RouterGraph, element: Element, args: dict[str, Any],
                ctx: ConfigureContext) -> None:
    """NOTIFIER must name an AggregateNotifier (AggregateIPFlows in Click): any other element is
    refused with Click's message; an AggregateIPFlows is refused too, since clickc's does not
    notify listeners yet (AggregateFirst, AggregateLast)."""
    name = args.get("NOTIFIER")
    if name and str(name) in graph and graph.element(str(name)).class_name == "AggregateIPFlows":
        ctx.error(f"{name}: clickc's AggregateIPFlows does not notify listeners of deleted "
                  "aggregates yet; remove NOTIFIER")
    elif name:
        ctx.error(f"{name} is not an AggregateNotifier")


SPEC = ElementSpec('AggregateFirst', '1/1-2', 'a/ah',
    args=(Arg('NOTIFIER', 'element',
              doc='an AggregateNotifier that reports deleted aggregates (refused: clickc has none '
                  'that notifies yet)'),),
    validate=no_notifier,
    state='per-flow',
    header_delta=0,
)
