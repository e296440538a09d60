"""Shared by StoreEtherAddress and GetEtherAddress: Click's checks of their OFFSET word and
6-byte annotation (no element class of its own)."""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.ir import Element, RouterGraph


def check_offset(args: dict[str, Any], ctx: ConfigureContext) -> None:
    """OFFSET is ``src``, ``dst`` (any case) or an offset that leaves room for 6 bytes in 32
    bits (Click's "type mismatch: bad OFFSET"); ANNO, when given as a byte offset, leaves room
    for 6 bytes in the annotation area (Click's AnnoArg(6): "ANNO: bad annotation")."""
    off = args.get('OFFSET')
    if isinstance(off, str) and off.lower() not in ('src', 'dst'):
        try:
            ok = 0 <= int(off, 0) <= 0xFFFFFFFF - 6
        except ValueError:
            ok = False
        if not ok:
            ctx.error("type mismatch: bad OFFSET")
    anno = args.get('ANNO')
    if isinstance(anno, int) and not 0 <= anno <= 48 - 6:
        ctx.error("ANNO: bad annotation")


def check_offset_hook(graph: RouterGraph, element: Element, args: dict[str, Any],
                      ctx: ConfigureContext) -> None:
    """:func:`check_offset` as a ``validate`` hook (GetEtherAddress, SetEtherAddress)."""
    check_offset(args, ctx)
