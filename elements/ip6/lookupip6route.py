"""LookupIP6Route: Looks up the destination IPv6 annotation in a static route table (DST/MASK [GW]
OUTPUT per argument).

Facts from Click's elements/ip6/lookupip6route.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import parse_ip6, parse_ip6_prefix
from clickc.elements.hooks import (
    ConfigureContext,
    c_struct_table,
    ip6_mask,
    ip6_masked,
    names,
    parse_int,
    set_c_code,
)
from clickc.elements.spec import ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def ip6_route_table(graph: RouterGraph, element: Element,
                    ctx: ConfigureContext) -> dict[str, Any] | None:
    """LookupIP6Route: ``DADDR/MASK [GW] OUTPUT`` per argument (Click's
    LookupIP6Route::configure).  Returns ``{"ROUTES": [(addr, prefix length, gw, output)]}``
    with 16-byte addresses."""

    nc = names(graph, element, ctx)
    routes: list[tuple[bytes, int, bytes, int]] = []
    ok = True
    maxout = -1
    for i, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        route = None
        if len(words) in (2, 3):
            p = parse_ip6_prefix(words[0], nc, allow_bare_address=True)
            out = parse_int(words[-1])
            gw: bytes | None = bytes(16) if len(words) == 2 else parse_ip6(words[1], nc)
            if p is not None and out is not None and gw is not None and out >= 0:
                route = (p[0], p[1], gw, out)
        if route is None:
            ctx.error(f"argument {i + 1} should be DADDR/MASK [GW] OUTPUT")
            ok = False
            continue
        routes.append(route)
        maxout = max(maxout, route[3])
    if not ok:
        return None
    if maxout < 0:
        ctx.warning("no routes")
    noutputs = int(graph.noutputs_used(element.name))
    if maxout >= noutputs:
        ctx.error(f"need {maxout + 1} or more output ports")
        return None
    set_c_code(element, c_struct_table(
        "conf_routes", "uint8_t addr[16]; uint8_t mask[16]; uint8_t gw[16]; int port;",
        [[ip6_masked(a, n), ip6_mask(n), g, o] for a, n, g, o in routes]))
    return {"ROUTES": routes}


SPEC = ElementSpec('LookupIP6Route', '1/-', 'h/h',
    config='custom',
    custom_parser=ip6_route_table,
    handlers=(
        Handler('add', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('ctrl', read=False, write=True),
        Handler('table'),
    ),
    state='shared',
    concurrency='lock',
    concurrency_note=('lookups (with the last-address cache) and the handlers run under one '
                      'per-instance lock'),
)
