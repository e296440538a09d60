"""FlowInfo: Overrides the flow codes of named elements.

Facts from Click's elements/standard/flowinfo.hh and .cc.  Each argument is ``ELEMENT CODE``
(``clickc.args.define_flowinfo_arg``); the overrides are read from the router before any pass
follows flow codes (``clickc.elements.hooks.flow_code_of``: push/pull inference, thread
placement, click-undead, notifiers and backpressure).
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def flow_info(graph: RouterGraph, element: Element,
              ctx: ConfigureContext) -> dict[str, Any] | None:
    """FlowInfo's configuration needs nothing at run time: its overrides and errors are those
    of ``clickc.args.collect_addressinfo``, reported by ``clickc.passes.check`` before the
    other elements are configured.  Returns an empty configuration."""
    return {}


SPEC = ElementSpec('FlowInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=flow_info,
    state='readonly',
    configure_phase=0,
)
