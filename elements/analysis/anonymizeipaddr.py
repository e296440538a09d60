"""AnonymizeIPAddr: Replaces the source and destination addresses of IPv4 packets (and of the
IP header an ICMP error quotes) with prefix-preserving pseudonyms (tcpdpriv's -A50), patching
the checksums.

Facts from Click's elements/analysis/anonipaddr.hh and .cc.
"""

from typing import Any

from clickc.args import cp_spacevec
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def anonymize_args(graph: RouterGraph, element: Element, args: dict[str, Any],
                   ctx: ConfigureContext) -> None:
    """AnonymizeIPAddr::configure's checks (CLASS at most 32, 99 meaning 32; PRESERVE_8 a list
    of integers 0-255) and the C constants ``ELEM(preserve_class)`` and ``ELEM(preserve_8)``."""
    del graph
    cls = int(args.get("CLASS") or 0)
    if cls == 99:
        cls = 32
    elif cls > 32:
        ctx.error("CLASS must be between 0 and 32")
        return
    nets: list[int] = []
    for w in cp_spacevec(str(args.get("PRESERVE_8") or "")):
        v = parse_int(w)
        if v is None or not 0 <= v < 256:
            ctx.error("PRESERVE_8 expects integer between 0 and 255")
            return
        nets.append(v)
    rows = ", ".join(str(n) for n in nets) or "0"
    element.facts.c_code = (
        f"enum {{ ELEM(preserve_class) = {max(cls, 0)}, ELEM(npreserve_8) = {len(nets)} }};\n"
        f"static const uint8_t ELEM(preserve_8)[] = {{{rows}}};\n")


SPEC = ElementSpec('AnonymizeIPAddr', '1/1-2', 'a/ah',
    args=(
        Arg('CLASS', 'int', default=0,
            doc='preserve this many leading one bits (1: class A, 2: B, 3: C, 4: D; 99 means 32)'),
        Arg('PRESERVE_8', 'anything',
            doc='space-separated /8 networks (0-255) that map to themselves'),
        Arg('SEED', 'bool', doc='accepted and ignored, as in Click (RandomSeed seeds the draws)'),
    ),
    validate=anonymize_args,
    state='shared',
    header_delta=0,
)
