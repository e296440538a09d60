"""Message: Prints a message when the router is initialized.

Facts from Click's elements/standard/messageelement.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def message_element(graph: RouterGraph, element: Element, args: dict[str, Any],
                    ctx: ConfigureContext) -> None:
    """Message: prints MESSAGE when configured, as information, a warning or an error by TYPE
    (Click's MessageElement::configure)."""
    raw = args.get("MESSAGE")
    text = raw.decode("latin-1") if isinstance(raw, bytes) else str(raw or "")
    kind = str(args.get("TYPE") or "MESSAGE")
    if kind == "MESSAGE":
        ctx.message(text)
    elif kind == "WARNING":
        # Click's ErrorHandler::xmessage returns an error for a warning, so configure fails
        # without a message of its own and the driver adds "unspecified error"
        ctx.warning(text)
        ctx.error("unspecified error")
    elif kind == "ERROR":
        ctx.error(text)
    else:
        ctx.error("unrecognized message type")


SPEC = ElementSpec('Message', '0/0', 'a/a',
    args=(
        Arg('MESSAGE', 'string', positional=True, required=True),
        Arg('TYPE', 'keyword', positional=True, default='MESSAGE'),
    ),
    validate=message_element,
)
