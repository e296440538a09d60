"""AlignmentInfo: Declares the alignment of packet data at elements' inputs (used by click-align).

Facts from Click's elements/standard/alignmentinfo.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec, cp_spacevec
from clickc.elements.hooks import ConfigureContext, parse_int
from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph


def alignment_info(graph: RouterGraph, element: Element,
                   ctx: ConfigureContext) -> dict[str, Any] | None:
    """AlignmentInfo: ``ELEMENT CHUNK OFFSET [CHUNK OFFSET...]`` per argument (Click's
    AlignmentInfo::configure; names of elements that do not exist are ignored, as in Click)."""
    out: dict[str, list[tuple[int, int]]] = {}
    ok = True
    for i, arg in enumerate(cp_argvec(element.config)):
        parts = cp_spacevec(arg)
        if not parts:
            ctx.warning(f"empty configuration argument {i}")
            continue
        if parts[0] not in graph:
            continue
        if len(parts) % 2 != 1:
            ctx.error("expected 'ELEMENTNAME CHUNK OFFSET [CHUNK OFFSET...]'")
            ok = False
        pairs: list[tuple[int, int]] = []
        for j in range(1, len(parts) - 1, 2):
            c, o = parse_int(parts[j]), parse_int(parts[j + 1])
            if c is None:
                ctx.error("expected CHUNK")
                ok = False
            if o is None:
                ctx.error("expected OFFSET")
                ok = False
            pairs.append((c if c is not None else -1, o if o is not None else -1))
        if parts[0] in out and out[parts[0]] != pairs:
            ctx.error(f"conflicting AlignmentInfo for '{parts[0]}'")
            ok = False
        out[parts[0]] = pairs
    return {"ALIGNMENTS": out} if ok else None


SPEC = ElementSpec('AlignmentInfo', '0/0', 'a/a',
    config='custom',
    custom_parser=alignment_info,
    state='readonly',
    configure_phase=20,
    doc=("Declares the alignment of packet data at elements' inputs (used by click-align). "
         "clickc checks the declarations at compile time and does nothing at run time: "
         "packets start 8-byte aligned and element code reads headers with unaligned-safe "
         "loads."),
)
