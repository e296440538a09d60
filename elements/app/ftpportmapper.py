"""FTPPortMapper: Rewrites FTP PORT commands and adds matching rewriter mappings.

Facts from Click's elements/app/ftpportmapper.hh and .cc.  The C file works on the two
rewriters' flow tables (elements/tcpudp/rewriter_flow.h): it looks the control connection up
in CONTROL_REWRITER, makes the data connection's mapping in DATA_REWRITER as input
DATA_REWRITER_INPUT would, and records the PORT command's change of length as a sequence-number
delta of the control flow, which the TCP rewriter then applies (docs/nat.md).
"""

from __future__ import annotations

from typing import Any

from clickc.args.values import ElementRef
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.elements.tcpudp.rewriter_config import (
    REWRITER_CLASSES,
    rewriter_symbol,
    router_threads,
)
from clickc.ir import Element, RouterGraph

#: The classes Click's ElementCastArg("TCPRewriter") accepts (IPRewriter casts to TCPRewriter).
_TCP_REWRITERS = ("TCPRewriter", "IPRewriter")


def ftp_port_mapper_config(graph: RouterGraph, element: Element, args: dict[str, Any],
                           ctx: ConfigureContext) -> None:
    """FTPPortMapper::configure: CONTROL_REWRITER must be a TCPRewriter (or IPRewriter),
    DATA_REWRITER any IPRewriterBase class ("KEYWORD element type mismatch, expected CLASS"),
    DATA_REWRITER_INPUT one of DATA_REWRITER's inputs ("DATA_REWRITER_INPUT out of range").
    Sets ``element.facts.c_code``: the two rewriters' tables (``rw_base`` objects named by
    :func:`~clickc.elements.tcpudp.rewriter_config.rewriter_symbol`) and the input."""
    control, data = args.get("CONTROL_REWRITER"), args.get("DATA_REWRITER")
    if not isinstance(control, ElementRef) or not isinstance(data, ElementRef):
        return  # the argument parser reported it
    ok = True
    if graph.element(control.name).class_name not in _TCP_REWRITERS:
        ctx.error("CONTROL_REWRITER: element type mismatch, expected TCPRewriter")
        ok = False
    if graph.element(data.name).class_name not in REWRITER_CLASSES:
        ctx.error("DATA_REWRITER: element type mismatch, expected IPRewriterBase")
        ok = False
    if not ok:
        return
    data_input = int(args.get("DATA_REWRITER_INPUT") or 0)
    if not 0 <= data_input < graph.ninputs_used(data.name):
        ctx.error("DATA_REWRITER_INPUT out of range")
        return
    decl = f"{control.name} :: {graph.element(control.name).class_name}"
    below = int(_downstream(graph, element, control.name))
    syms = {rewriter_symbol(control.name), rewriter_symbol(data.name)}
    element.facts.c_code = (
        '#include "tcpudp/rewriter_flow.h"\n'
        + "".join(f"static rw_base {s};\n" for s in sorted(syms))
        + f"static rw_base *const ELEM(control) = &{rewriter_symbol(control.name)};\n"
        + f"static rw_base *const ELEM(data) = &{rewriter_symbol(data.name)};\n"
        + f"enum {{ ELEM(data_input) = {data_input} }};\n"
        + f"enum {{ ELEM(router_threads) = {router_threads(graph)} }};\n"
        + f"enum {{ ELEM(control_downstream) = {below} }};\n"
        + f"static const char ELEM(control_decl)[] = \"{_c_text(decl)}\";\n")


def _downstream(graph: RouterGraph, element: Element, target: str) -> bool:
    """Whether ``target`` is downstream of ``element``'s output 0, the search stopping at
    every TCPRewriter-like element (Click's visit_downstream with an ElementCastTracker
    for "TCPRewriter", FTPPortMapper::initialize)."""
    todo = [d for d, keys in graph.g.succ[element.name].items() if any(k[0] == 0 for k in keys)]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        if graph.element(name).class_name in _TCP_REWRITERS:
            if name == target:
                return True
            continue
        todo.extend(graph.g.succ[name])
    return False


def _c_text(text: str) -> str:
    """``text`` escaped for a C string literal."""
    return "".join(c if c.isalnum() or c in " :/@._-" else f"\\{ord(c):03o}" for c in text)


SPEC = ElementSpec('FTPPortMapper', '1/1', 'a/a',
    args=(
        Arg('CONTROL_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER', 'element', positional=True, required=True),
        Arg('DATA_REWRITER_INPUT', 'int', positional=True, required=True),
    ),
    validate=ftp_port_mapper_config,
    state='shared',
    concurrency='lock',
    concurrency_note='works on the two rewriters\' tables under their lock (rewriter_flow.h)',
)
