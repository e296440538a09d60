"""IP6NDAdvertiser: Answers IPv6 neighbor solicitations for the configured IPv6 prefixes with
neighbor advertisements.

Facts from Click's elements/ethernet/ip6ndadvertiser.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.args.addresses import parse_ether, parse_ip6, parse_ip6_prefix
from clickc.elements.hooks import (
    ConfigureContext,
    c_struct_table,
    ip6_mask,
    ip6_masked,
    names,
    set_c_code,
)
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def ip6_nd_entries(graph: RouterGraph, element: Element,
                   ctx: ConfigureContext) -> dict[str, Any] | None:
    """IP6NDAdvertiser: ``IP6/MASK... ETH`` per argument (Click's IP6NDAdvertiser::configure).
    Returns ``{"ENTRIES": [(addr, prefix length, ether bytes or None), ...]}``."""

    nc = names(graph, element, ctx)
    entries: list[tuple[bytes, int, bytes | None]] = []
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        mine: list[tuple[bytes, int]] = []
        eth: bytes | None = None
        for w in cp_spacevec(arg):
            p = parse_ip6_prefix(w, nc, allow_bare_address=True)
            a = parse_ip6(w, nc) if p is None else None
            e = parse_ether(w, nc) if p is None and a is None else None
            if p is not None:
                mine.append(p)
            elif a is not None:
                mine.append((a, 128))
            elif e is not None:
                if eth is not None:
                    ctx.error(f"argument {i} has more than one Ethernet address")
                    ok = False
                eth = e
            else:
                ctx.error(f"argument {i} should be `IP6/MASK ETHADDR'")
                ok = False
                break
        if not mine:
            ctx.error(f"argument {i} had no IP6 address and masks")
            ok = False
        entries += [(a, n, eth) for a, n in mine]
    if ok:
        set_c_code(element, c_struct_table(
            "conf_entries", "uint8_t addr[16]; uint8_t mask[16]; uint8_t eth[6];",
            [[ip6_masked(a, n), ip6_mask(n), e or bytes(6)] for a, n, e in entries]))
    return {"ENTRIES": entries} if ok else None


SPEC = ElementSpec('IP6NDAdvertiser', '1/1', 'a/a',
    config='custom',
    custom_parser=ip6_nd_entries,
    state='readonly',
)
