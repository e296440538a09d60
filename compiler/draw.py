"""Graphviz drawings of a RouterGraph.

Each element is a box showing its name and class, with one cell per input port along the top
and one per output port along the bottom, numbered.  When push/pull processing is known
(``Element.input_kinds`` / ``output_kinds`` filled by a later pass), push ports are drawn black
and pull ports white, as in the figures of the SMP Click paper (Chen and Morris, "Making the
Click Modular Router Scale to Multiprocessors", 2001); ports of unknown kind are grey.
Connections go from an output cell to an input cell.

:func:`to_dot` returns DOT text; :func:`render` writes ``.dot`` or runs the ``dot`` program for
``.svg``/``.png`` (and any other output format ``dot -T`` knows).
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess

from .ir import Element, RouterGraph

_PUSH = ("black", "white")     # (fill, text)
_PULL = ("white", "black")
_UNKNOWN = ("#d0d0d0", "black")


def _kind_colors(kinds: list[str], port: int) -> tuple[str, str]:
    if port < len(kinds):
        k = kinds[port]
        if k == "push":
            return _PUSH
        if k == "pull":
            return _PULL
    return _UNKNOWN


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _port_row(e: Element, n: int, isoutput: bool) -> str:
    kinds = e.output_kinds if isoutput else e.input_kinds
    prefix = "o" if isoutput else "i"
    cells = []
    for p in range(n):
        fill, text = _kind_colors(kinds, p)
        cells.append(f'<td port="{prefix}{p}" bgcolor="{fill}" width="14" height="10">'
                     f'<font point-size="8" color="{text}">{p}</font></td>')
    return "".join(cells)


def _node(e: Element, nin: int, nout: int) -> str:
    name = html.escape(e.name)
    cls = html.escape(e.class_name)
    span = max(nin, nout, 1)
    rows = []
    if nin:
        rows.append("<tr>" + _port_row(e, nin, False)
                    + (f'<td border="0" colspan="{span - nin}"></td>' if span > nin else "")
                    + "</tr>")
    rows.append(f'<tr><td border="0" colspan="{span}"><b>{name}</b><br/>'
                f'<font point-size="10">{cls}</font></td></tr>')
    if nout:
        rows.append("<tr>" + _port_row(e, nout, True)
                    + (f'<td border="0" colspan="{span - nout}"></td>' if span > nout else "")
                    + "</tr>")
    table = ('<<table border="1" cellborder="1" cellspacing="0" cellpadding="2">'
             + "".join(rows) + "</table>>")
    return f"  {_quote(e.name)} [label={table}];"


def to_dot(graph: RouterGraph, title: str = "router") -> str:
    """DOT text for ``graph``: one HTML-table node per element, one edge per connection
    (``src:oP:s -> dst:iQ:n``).  Deterministic: elements and connections in graph order."""
    lines = [f"digraph {_quote(title)} {{",
             "  graph [rankdir=TB, nodesep=0.3, ranksep=0.4];",
             '  node [shape=plaintext, fontname="Helvetica"];',
             "  edge [arrowsize=0.6];"]
    for e in graph.elements():
        nin = max(graph.ninputs_used(e.name), len(e.input_kinds))
        nout = max(graph.noutputs_used(e.name), len(e.output_kinds))
        lines.append(_node(e, nin, nout))
    for c in graph.connections():
        lines.append(f"  {_quote(c.src)}:o{c.sport}:s -> {_quote(c.dst)}:i{c.dport}:n;")
    lines.append("}")
    return "\n".join(lines) + "\n"


class DrawError(Exception):
    """The drawing could not be written (no ``dot`` program, bad format, I/O error)."""


def render(graph: RouterGraph, path: str, fmt: str | None = None) -> None:
    """Write a drawing of ``graph`` to ``path``; the format is ``fmt`` or the file extension
    (``dot`` writes DOT text; anything else is passed to ``dot -T``).  Raises DrawError."""
    if fmt is None:
        fmt = os.path.splitext(path)[1].lstrip(".").lower() or "dot"
    title = os.path.splitext(os.path.basename(path))[0] or "router"
    text = to_dot(graph, title)
    if fmt in ("dot", "gv"):
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as e:
            raise DrawError(f"{path}: {e.strerror}") from None
        return
    dot = shutil.which("dot")
    if dot is None:
        raise DrawError("the Graphviz 'dot' program is needed for ." + fmt + " output")
    proc = subprocess.run([dot, f"-T{fmt}", "-o", path], input=text.encode(),
                          capture_output=True, check=False)
    if proc.returncode != 0:
        msg = proc.stderr.decode(errors="replace").strip() or f"dot exited {proc.returncode}"
        raise DrawError(msg)
