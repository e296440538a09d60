"""Print a flat RouterGraph exactly as click-flatten prints a flat router.

The format is RouterT::unparse (Click tools/lib/runparse.cc): ``require(...)`` and
``define(...)`` lines, then one ``# LINE "FILE"`` line directive and one declaration per
element in element order, then ``# N ""`` and the connections printed as chains (a connection
into port 0 continues with a connection out of that element's port 0, preferring one that goes
to a port 0), cycles broken at the first unprinted connection.
"""

from __future__ import annotations

from ..ir import Connection, RouterGraph
from .gcpause import gc_paused


def _line_directive(lm_file: str, lm_line: int) -> str:
    return f'# {lm_line} "{lm_file}"\n'


def ordered_connections(graph: RouterGraph) -> list[Connection]:
    """Connections in creation order: the order of ``graph.connection_landmarks`` (the front end
    fills it in Click's order), then any connection without a landmark in graph order."""
    live = {Connection(u, k[0], v, k[1]) for u, v, k in graph.g.edges(keys=True)}
    out = [c for c in graph.connection_landmarks if c in live]
    if len(out) < len(live):
        seen = set(out)
        out.extend(c for c in graph.connections() if c not in seen)
    return out


def unparse(graph: RouterGraph) -> str:
    """The flat configuration text of ``graph`` in click-flatten's format (a str ending in
    a newline, or empty for an empty router)."""
    with gc_paused():
        return _unparse(graph)


def _unparse(graph: RouterGraph) -> str:
    parts: list[str] = []
    if graph.requirements:
        parts.append("require(" + ", ".join(graph.requirements) + ");\n\n")
    if graph.defines:
        parts.append("define(" + ", ".join(f"${k} {v}" for k, v in graph.defines.items())
                     + ");\n\n")
    for e in graph.elements():
        lm = e.landmark.for_tools()
        parts.append(_line_directive(lm.file, lm.line))
        cfg = f"({e.config})" if e.config else ""
        parts.append(f"{e.name} :: {e.class_name}{cfg};\n")
    conns = ordered_connections(graph)
    if conns:
        text = "".join(parts)
        parts = [text, f'# {text.count(chr(10)) + 2} ""\n']
    return "".join(parts) + unparse_chains(conns)


def unparse_chains(conns: list[Connection]) -> str:
    """``conns`` (in the order given) printed as chains, as Click's RouterT::unparse and
    Router::unparse_connections both print them: a connection into port 0 continues with a
    connection out of that element's port 0, preferring one that goes to a port 0; cycles
    broken at the first unprinted connection."""
    parts: list[str] = []
    nc = len(conns)
    # chain links: next[c] = a connection leaving c's destination port 0
    by_from: dict[tuple[str, int], list[int]] = {}
    for i, c in enumerate(conns):
        by_from.setdefault((c.src, c.sport), []).append(i)
    nxt = [-1] * nc
    startchain = [True] * nc
    for i, c in enumerate(conns):
        if c.dport != 0:
            continue
        result = -1
        for d in by_from.get((c.dst, 0), ()):
            if d != i:
                result = d
                if conns[d].dport == 0:
                    break
        if result >= 0:
            nxt[i] = result
            startchain[result] = False
    used = [False] * nc
    first_unused = 0
    done = False
    while not done:
        for i in range(nc):
            if used[i] or not startchain[i]:
                continue
            c = conns[i]
            parts.append(c.src + (f" [{c.sport}]" if c.sport else ""))
            d = i
            while d >= 0 and not used[d]:
                parts.append(" -> " if d == i else "\n    -> ")
                cd = conns[d]
                parts.append((f"[{cd.dport}] " if cd.dport else "") + cd.dst)
                used[d] = True
                d = nxt[d]
            parts.append(";\n")
        done = True
        while first_unused < nc and used[first_unused]:
            first_unused += 1
        if first_unused < nc:
            startchain[first_unused] = True
            done = False
    return "".join(parts)


def unparse_driver(graph: RouterGraph) -> str:
    """The flat configuration as Click's driver writes it for ``click -o FILE``
    (Router::unparse in Click's lib/router.cc, the ``flatconfig`` handler): ``require(...)``,
    then one ``NAME :: CLASS(CONFIG);`` line per element in element order and a blank line, then
    the connections as chains in the order of an initialized router's sorted connection list
    (by destination element index and port, then source element index and port)."""
    parts: list[str] = []
    if graph.requirements:
        parts.append("require(" + ", ".join(graph.requirements) + ");\n\n")
    # the driver's own elements (clickc run -p/-u/--socket) come last: Click's driver adds them
    # to the router after reading the configuration
    elements = sorted(graph.elements(), key=lambda e: e.name.startswith("click_driver@@"))
    index = {e.name: i for i, e in enumerate(elements)}
    for e in elements:
        parts.append(f"{e.name} :: {e.class_name}" + (f"({e.config})" if e.config else "") + ";\n")
    if elements:
        parts.append("\n")
    # the key is unique (one connection per pair of ends): graph.connections()'s own sort
    # would be undone
    conns = sorted((Connection(u, k[0], v, k[1]) for u, v, k in graph.g.edges(keys=True)),
                   key=lambda c: (index[c.dst], c.dport, index[c.src], c.sport))
    return "".join(parts) + unparse_chains(conns)
