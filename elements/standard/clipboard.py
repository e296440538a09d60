"""Clipboard: Copies byte ranges of the packets on port 0 and pastes them into the packets on
port 1.

Facts from Click's elements/standard/clipboard.hh and .cc.
"""

from typing import Any

from clickc.args import cp_argvec
from clickc.args.numbers import NumError, parse_int
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def parse_ranges(graph: RouterGraph, element: Element,
                 ctx: ConfigureContext) -> dict[str, Any] | None:
    """Clipboard's configure: every argument is ``OFFSET/LENGTH`` (unsigned integers).
    Returns ``{"OFFSETS": [...], "LENGTHS": [...]}`` (one placeholder range 0/0 when there is
    none: an empty clipboard), or None after Click's message ("range N: expected '/' between
    offset and length", "range N: invalid offset or length")."""
    offsets: list[int] = []
    lengths: list[int] = []
    for n, arg in enumerate(a.strip() for a in cp_argvec(element.config)):
        i = arg.find('/')
        if i <= 0 or i >= len(arg) - 1:
            ctx.error(f"range {n}: expected '/' between offset and length")
            return None
        try:
            off, length = parse_int(arg[:i].strip(), 32, False), parse_int(arg[i + 1:].strip(), 32,
                                                                           False)
        except NumError:
            ctx.error(f"range {n}: invalid offset or length")
            return None
        offsets.append(off)
        lengths.append(length)
    return {'OFFSETS': offsets or [0], 'LENGTHS': lengths or [0]}


SPEC = ElementSpec('Clipboard', '2/2', 'a/a', '#/#',
    click_flags='S0',
    config='custom',
    custom_parser=parse_ranges,
    args=(
        Arg('OFFSETS', 'unsigned list', doc='byte offsets of the ranges (OFFSET/LENGTH '
            'arguments)'),
        Arg('LENGTHS', 'unsigned list', doc='lengths of the ranges'),
    ),
    state='shared',
    header_delta=0,
)
