"""AggregateFilter: Sends each packet to the output its aggregate annotation is listed for
(``ACTION AGGREGATES`` filters, the first that lists it wins; no match: dropped).

Facts from Click's elements/analysis/aggregatefilter.hh and .cc.
"""

from __future__ import annotations

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph

#: Ranges of aggregates (inclusive) mapped to an output, disjoint.
Ranges = list[tuple[int, int, int]]


def _assign(ranges: Ranges, lo: int, hi: int, port: int, argno: int,
            ctx: ConfigureContext) -> Ranges:
    """Give [lo, hi]'s aggregates not yet filtered to ``port``; for each one already filtered
    to another output, Click's warning (one per aggregate)."""
    free = [(lo, hi)]
    for a, b, p in sorted(ranges):
        if b < lo or a > hi:
            continue
        if p != port:
            for agg in range(max(a, lo), min(b, hi) + 1):
                ctx.warning(f"pattern {argno}: aggregate {agg} already filtered to output {p}")
        nxt = []
        for x, y in free:
            if y < a or x > b:
                nxt.append((x, y))
                continue
            if x < a:
                nxt.append((x, a - 1))
            if y > b:
                nxt.append((b + 1, y))
        free = nxt
    return ranges + [(x, y, port) for x, y in free]


def aggregate_filter(graph: RouterGraph, element: Element,
                     ctx: ConfigureContext) -> dict[str, Any] | None:
    """AggregateFilter::configure, with its messages; emits the sorted range table
    ``ELEM(ranges)`` and ``ELEM(default_port)`` (an output >= NOUTPUTS drops)."""
    nout = graph.noutputs_used(element.name)
    default = nout + 1
    ranges: Ranges = []
    errors = 0
    for argno, arg in enumerate(cp_argvec(element.config)):
        words = cp_spacevec(arg)
        if not words:
            ctx.error(f"empty pattern {argno}")
            errors += 1
            continue
        if default <= nout:
            ctx.warning(f"pattern {argno} matches no packets")
            continue
        port = nout
        if words[0] == "allow":
            port = 0
        elif (v := parse_int(words[0])) is not None and v >= 0:
            port = v
        elif words[0] not in ("drop", "deny"):
            ctx.error(f"pattern {argno}: expected a port number")
            errors += 1
            continue
        if len(words) == 1:
            ctx.error(f"pattern {argno} has no aggregates")
            errors += 1
        elif len(words) == 2 and words[1] in ("all", "-"):
            default = port
        else:
            for w in words[1:]:
                one = parse_int(w, signed=False)
                if one is not None:
                    lo = hi = one
                else:
                    a, _, b = w.partition("-")
                    first, last = parse_int(a, signed=False), parse_int(b, signed=False)
                    if first is None or last is None:
                        ctx.error(f"pattern {argno}: bad aggregate number '{w}'")
                        errors += 1
                        continue
                    lo, hi = first, last
                if lo <= hi:
                    ranges = _assign(ranges, lo, hi, port, argno, ctx)
    if errors:
        return None
    rows = ", ".join(f"{{{a}u, {b}u, {p}}}" for a, b, p in sorted(ranges)) or "{0u, 0u, -1}"
    element.facts.c_code = (
        f"static const struct {{ uint32_t lo, hi; int32_t port; }} ELEM(ranges)[] = {{{rows}}};\n"
        f"enum {{ ELEM(nranges) = {len(ranges)}, ELEM(default_port) = {default} }};\n")
    return {}


SPEC = ElementSpec('AggregateFilter', '1/1-254', 'h/h',
    config='custom',
    custom_parser=aggregate_filter,
    state='readonly',
    header_delta=0,
)
