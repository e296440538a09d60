"""UDPIP6Encap: Prepends UDP and IPv6 headers with the given addresses and ports (the UDP
checksum always computed).

Facts from Click's elements/tcpudp/udpip6encap.hh and .cc.
"""

from typing import Any

from clickc.args.addresses import parse_ip6
from clickc.elements.hooks import ConfigureContext, names
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def dst_check(graph: RouterGraph, element: Element, args: dict[str, Any],
              ctx: ConfigureContext) -> None:
    """UDPIP6Encap::configure: DST is an IPv6 address or starts with DST_ANNO ("bad DST")."""
    dst = str(args.get("DST") or "")
    if not dst.startswith("DST_ANNO") and parse_ip6(dst, names(graph, element, ctx)) is None:
        ctx.error("bad DST")


SPEC = ElementSpec('UDPIP6Encap', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ip6', positional=True, required=True),
        Arg('SPORT', 'udp_port', positional=True, required=True),
        Arg('DST', 'anything', positional=True, required=True,
            doc="an IPv6 address, or DST_ANNO: the packet's DST_IP6 annotation"),
        Arg('DPORT', 'udp_port', positional=True, required=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('sport', write=True),
        Handler('dst', write=True),
        Handler('dport', write=True),
    ),
    validate=dst_check,
    per_packet=True,
    order_free=True,
    header_delta=48,
)
