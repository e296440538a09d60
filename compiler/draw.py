"""Graphviz drawings of a RouterGraph.

Each element is a box showing its name and class, with one cell per input port along the top
and one per output port along the bottom, numbered.  When push/pull processing is known
(``Element.input_kinds`` / ``output_kinds`` filled by a later pass), push ports are drawn black
and pull ports white, as in the figures of the SMP Click paper (Chen and Morris, "Making the
Click Modular Router Scale to Multiprocessors", 2001); ports of unknown kind are grey.
Connections go from an output cell to an input cell.

After the placement pass (``clickc graph -j N``, ``--dump-after``), each element's name cell is
filled with the colour of the thread that executes it (``Element.facts.exec_threads``; an
element executed by several threads gets their colours as a gradient) and a legend lists the
threads with their tasks' loads.  Elements a pass inserted (``Element.facts.inserted_by``)
have a dashed border and say which pass made them.

:func:`to_dot` returns DOT text; :func:`render` writes ``.dot`` or runs the ``dot`` program for
``.svg``/``.png`` (and any other output format ``dot -T`` knows).
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess

from .ir import Element, RouterGraph

#: Thread colours (ColorBrewer "Paired"/"Set3" light tones, readable under black text).
THREAD_COLORS = ("#a6cee3", "#fdbf6f", "#b2df8a", "#fb9a99", "#cab2d6", "#ffff99", "#8dd3c7",
                 "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f")

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


def thread_color(thread: int) -> str:
    """The fill colour of ``thread`` (the palette repeats after 12 threads)."""
    return THREAD_COLORS[thread % len(THREAD_COLORS)]


def _threads_shown(graph: RouterGraph) -> bool:
    """Whether to colour by thread: the placement pass ran on a router of several threads."""
    return (int(graph.facts.nthreads) > 1
            and any(e.facts.exec_threads is not None for e in graph.elements()))


def _node(e: Element, nin: int, nout: int, colour: bool = False) -> str:
    name = html.escape(e.name)
    cls = html.escape(e.class_name)
    span = max(nin, nout, 1)
    fill = ""
    if colour:
        threads = e.facts.exec_threads or [int(e.facts.thread)]
        fill = f' bgcolor="{":".join(thread_color(t) for t in threads[:2])}"'
        if len(threads) > 1:
            fill += ' gradientangle="0"'
    inserted = e.facts.inserted_by
    note = (f'<br/><font point-size="8"><i>inserted by {html.escape(str(inserted))}</i></font>'
            if inserted else "")
    rows = []
    if nin:
        rows.append("<tr>" + _port_row(e, nin, False)
                    + (f'<td border="0" colspan="{span - nin}"></td>' if span > nin else "")
                    + "</tr>")
    rows.append(f'<tr><td border="0" colspan="{span}"{fill}><b>{name}</b><br/>'
                f'<font point-size="10">{cls}</font>{note}</td></tr>')
    if nout:
        rows.append("<tr>" + _port_row(e, nout, True)
                    + (f'<td border="0" colspan="{span - nout}"></td>' if span > nout else "")
                    + "</tr>")
    style = ' style="dashed"' if inserted else ""
    table = (f'<<table border="1" cellborder="1" cellspacing="0" cellpadding="2"{style}>'
             + "".join(rows) + "</table>>")
    return f"  {_quote(e.name)} [label={table}];"


def _legend(graph: RouterGraph) -> list[str]:
    """A legend node: one row per thread with its colour and the tasks placed on it."""
    n = int(graph.facts.nthreads)
    tasks: dict[int, list[str]] = {t: [] for t in range(n)}
    for e in graph.elements():
        if e.facts.task:
            tasks.setdefault(int(e.facts.thread), []).append(e.name)
    rows = ['<tr><td colspan="2"><b>threads</b></td></tr>']
    for t in sorted(tasks):
        names = ", ".join(tasks[t]) or "(no task)"
        rows.append(f'<tr><td bgcolor="{thread_color(t)}">{t}</td>'
                    f'<td align="left">{html.escape(names)}</td></tr>')
    rows.append('<tr><td colspan="2"><font point-size="8">two colours: executed by two or '
                'more threads; dashed: inserted by a pass</font></td></tr>')
    table = ('<<table border="0" cellborder="1" cellspacing="0" cellpadding="3">'
             + "".join(rows) + "</table>>")
    return ["  subgraph cluster_legend {", '    label="legend"; style=dashed;',
            f'    "__legend" [shape=plaintext, label={table}];', "  }"]


def to_dot(graph: RouterGraph, title: str = "router") -> str:
    """DOT text for ``graph``: one HTML-table node per element, one edge per connection
    (``src:oP:s -> dst:iQ:n``), and after placement on several threads the thread colours and
    a legend.  Deterministic: elements and connections in graph order."""
    colour = _threads_shown(graph)
    lines = [f"digraph {_quote(title)} {{",
             "  graph [rankdir=TB, nodesep=0.3, ranksep=0.4];",
             '  node [shape=plaintext, fontname="Helvetica"];',
             "  edge [arrowsize=0.6];"]
    for e in graph.elements():
        nin = max(graph.ninputs_used(e.name), len(e.input_kinds))
        nout = max(graph.noutputs_used(e.name), len(e.output_kinds))
        lines.append(_node(e, nin, nout, colour))
    for c in graph.connections():
        lines.append(f"  {_quote(c.src)}:o{c.sport}:s -> {_quote(c.dst)}:i{c.dport}:n;")
    if colour:
        lines += _legend(graph)
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
