"""IP6Encap: Prepends an IPv6 header with the given next header, source and destination (or the
packet's destination IPv6 annotation).

Facts from Click's elements/ip6/ip6encap.hh and .cc.
"""

from typing import Any

from clickc.args.addresses import parse_ip6
from clickc.elements.hooks import ConfigureContext, names
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """IP6Encap::configure's checks: PROTO within 0-255 ("bad IP protocol"), DST an IPv6
    address or ``DST_ANNO``."""
    proto = args.get("PROTO")
    if isinstance(proto, int) and not 0 <= proto <= 255:
        ctx.error("bad IP protocol")
    dst = str(args.get("DST") or "")
    if dst != "DST_ANNO" and parse_ip6(dst, names(graph, element, ctx)) is None:
        ctx.error("DST argument should be IP address or 'DST_ANNO'")


SPEC = ElementSpec('IP6Encap', '1/1', 'a/a',
    args=(
        Arg('PROTO', 'ipproto', positional=True, required=True, doc='the next-header value'),
        Arg('SRC', 'ip6', positional=True, required=True, doc='the source address'),
        Arg('DST', 'anything', positional=True, required=True,
            doc="the destination address, or DST_ANNO: the packet's DST_IP6 annotation (zero "
                "when the annotation is zero)"),
        Arg('HLIM', 'byte', default=250, doc='the hop limit'),
        Arg('CLASS', 'byte', default=0, doc='the traffic class'),
    ),
    handlers=(
        Handler('src', write=True, doc='SRC: read and change it'),
        Handler('dst', write=True, doc='DST: read and change it (an address or DST_ANNO)'),
    ),
    validate=check,
    per_packet=True,
    order_free=True,
    header_delta=40,
)
