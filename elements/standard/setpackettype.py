"""SetPacketType: Sets the packet type annotation (HOST, BROADCAST, MULTICAST, OTHERHOST,
OUTGOING).

Facts from Click's elements/standard/setpackettype.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def packet_type(graph: RouterGraph, element: Element, args: dict[str, Any],
                ctx: ConfigureContext) -> None:
    """SetPacketType: a packet type name (Click's SetPacketType::parse_type)."""
    t = str(args.get("TYPE") or "")
    if t.upper() not in ("HOST", "BROADCAST", "MULTICAST", "OTHERHOST", "OUTGOING",
                         "LOOPBACK"):
        ctx.error(f"unrecognized packet type '{t}'")


SPEC = ElementSpec('SetPacketType', '1/1', 'a/a',
    args=(Arg('TYPE', 'word', positional=True, required=True),),
    validate=packet_type,
)
