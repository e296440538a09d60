"""LookupIPRouteMP: A static IP route table with a per-thread cache of the last lookups
(LookupIPRoute's interface: ``DST/MASK [GATEWAY] OUTPUT`` per argument, no handlers).

Facts from Click's elements/ip/lookupiproutemp.hh and .cc.
"""

from __future__ import annotations

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import parse_ip, parse_ip_prefix
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph
from clickc.routes import IPRoute, RouteTable


def lookup_ip_route_mp(graph: RouterGraph, element: Element,
                       ctx: ConfigureContext) -> dict[str, Any] | None:
    """LookupIPRouteMP::configure with its messages: ``argument N should be `DADDR/MASK
    [GATEWAY] OUTPUT'`` (N from 1), the "no routes" warning, ``need N or more output ports``.
    Emits the routes for the shared route-table code (ip/iproutetable_body.h); for a prefix
    given twice the first route is used, as Click's IPTable finds it first."""
    nc = ctx.names()
    routes: list[IPRoute] = []
    seen: set[tuple[int, int]] = set()
    maxout, bad = -1, False
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        route = None
        if len(words) in (2, 3):
            prefix = parse_ip_prefix(words[0], nc, allow_bare_address=True)
            out = parse_int(words[-1])
            gw = parse_ip(words[1], nc) if len(words) == 3 else 0
            if prefix is not None and out is not None and out >= 0 and gw is not None:
                route = IPRoute(prefix[0] & prefix[1], prefix[1], gw, out)
        if route is None:
            ctx.error(f"argument {i + 1} should be `DADDR/MASK [GATEWAY] OUTPUT'")
            bad = True
            continue
        maxout = max(maxout, route.port)
        if (route.addr, route.mask) not in seen:
            seen.add((route.addr, route.mask))
            routes.append(route)
    if bad:
        return None
    if maxout < 0:
        ctx.warning("no routes")
    if maxout >= graph.noutputs_used(element.name):
        ctx.error(f"need {maxout + 1} or more output ports")
        return None
    table = RouteTable(tuple(routes))
    element.facts.c_code = table.c_code()
    return {"ROUTES": table}


SPEC = ElementSpec('LookupIPRouteMP', '1/-', 'h/h',
    config='custom',
    custom_parser=lookup_ip_route_mp,
    state='readonly',
    # the shared body's table and lookup readers, which Click's class does not have
    c_helpers=('read_table', 'read_lookup'),
    order_free=True,
    header_delta=0,
)
