"""Graph-editing helpers shared by the rewriting passes (undead, pipeline-cut, flow-split).

The flat printer (``clickc.frontend.unparse``) prints connections in creation order, the order
of ``RouterGraph.connection_landmarks``; moving a connection with these helpers keeps its place
in that order, as Click's ``RouterT::change_connection_to``/``_from`` do, so a rewritten router
prints like the one Click's tools would write.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from clickc.errors import Landmark
from clickc.ir import Connection, Element, ElementFacts, RouterGraph


def replace_connection(graph: RouterGraph, old: Connection, new: Connection) -> Connection:
    """Replace connection ``old`` by ``new`` (``new`` takes ``old``'s place in the printing
    order and its landmark).  When ``new`` already exists, ``old`` is just removed.  Raises
    KeyError (networkx) when ``old`` is not in ``graph``."""
    order = list(graph.connection_landmarks.items())
    lm = graph.connection_landmarks.get(old)
    exists = graph.g.has_edge(new.src, new.dst, key=(new.sport, new.dport))
    graph.disconnect(old)
    if exists:
        return new
    graph.g.add_edge(new.src, new.dst, key=(new.sport, new.dport))
    if lm is None:
        return new
    graph.connection_landmarks.clear()
    for c, lmk in order:
        if c == old:
            graph.connection_landmarks[new] = lmk
        elif c != new:
            graph.connection_landmarks[c] = lmk
    return new


def move_to(graph: RouterGraph, c: Connection, dst: str, dport: int) -> Connection:
    """Redirect connection ``c`` to input ``dport`` of ``dst`` (its source unchanged)."""
    return replace_connection(graph, c, Connection(c.src, c.sport, dst, dport))


def move_from(graph: RouterGraph, c: Connection, src: str, sport: int) -> Connection:
    """Make connection ``c`` start at output ``sport`` of ``src`` (its destination unchanged)."""
    return replace_connection(graph, c, Connection(src, sport, c.dst, c.dport))


def add_inserted(graph: RouterGraph, name: str, class_name: str, config: str,
                 landmark: Landmark, inserted_by: str, facts: ElementFacts | None = None,
                 **fields: Any) -> Element:
    """Add a new element with ``facts`` (default: none; a replica passes a copy of its
    original's) marked ``facts.inserted_by = inserted_by``, plus the :class:`ElementFacts`
    ``fields`` given by name (``replica=K``, ``share=...``; an unknown name raises TypeError).
    ``name`` must be free (KeyError otherwise); see :func:`fresh_name`."""
    f = replace(facts if facts is not None else ElementFacts(), inserted_by=inserted_by,
                **fields)
    e = Element(name, class_name, config, landmark, facts=f)
    return graph.add_element(e)


def fresh_name(graph: RouterGraph, base: str) -> str:
    """``base`` if no element has that name, else ``base_2``, ``base_3``, ..."""
    if base not in graph:
        return base
    n = 2
    while f"{base}_{n}" in graph:
        n += 1
    return f"{base}_{n}"


def connect_like(graph: RouterGraph, src: str, sport: int, dst: str, dport: int,
                 landmark: Landmark) -> Connection:
    """Add a connection that prints (``connection_landmarks``) at the end of the order."""
    return graph.connect(src, sport, dst, dport, landmark)
