"""The compiler's intermediate representation: a flat Click router graph.

A :class:`RouterGraph` wraps a ``networkx.MultiDiGraph`` whose nodes are element names (each
node's ``"element"`` attribute is an :class:`Element`) and whose edges are connections, keyed by
``(output port, input port)``.  The graph is *flat*: compound elements have been expanded by the
front end (``clickc.frontend``), so every element is an instance of a primitive class.

Element order matters (Click numbers elements in declaration order and prints them in that order),
so the graph keeps each element's ``index``.  Passes share the helpers defined here.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .errors import Landmark


@dataclass
class Element:
    """One element instance of the flat graph.

    name: the element's flat name (``compound/component`` for expanded compounds, ``Class@N``
    for anonymous ones).  class_name: the primitive class.  config: the configuration string after
    parameter substitution, as Click would pass it to ``configure``.  landmark: where it was
    declared.  index: declaration order (Click's element index).  args: typed configuration values
    after argument parsing (``None`` until parsed).  input_kinds / output_kinds: "push" or "pull"
    per port once push/pull inference ran.  attrs: free slot for passes (thread, replica, ...).
    """

    name: str
    class_name: str
    config: str = ""
    landmark: Landmark = field(default_factory=lambda: Landmark("<unknown>"))
    index: int = 0
    args: dict[str, Any] | None = None
    input_kinds: list[str] = field(default_factory=list)
    output_kinds: list[str] = field(default_factory=list)
    attrs: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, order=True)
class Connection:
    """A connection ``src [sport] -> [dport] dst``."""

    src: str
    sport: int
    dst: str
    dport: int


class RouterGraph:
    """A flat router: elements, connections, ``require`` statements and global definitions."""

    def __init__(self) -> None:
        self.g: nx.MultiDiGraph = nx.MultiDiGraph()
        self.requirements: list[str] = []
        # global 'define's (NAME -> VALUE) after command-line overrides; configuration strings
        # keep '$NAME' references to them unless the front end was asked to expand them
        self.defines: dict[str, str] = {}
        self.connection_landmarks: dict[Connection, Landmark] = {}
        self._next_index = 0
        #: router-wide facts passes record (``nthreads``: the -j thread count; ...).
        self.attrs: dict[str, Any] = {}

    # -- elements ---------------------------------------------------------------------------
    def add_element(self, element: Element) -> Element:
        """Add ``element`` (its ``index`` is assigned here); raises KeyError on a duplicate name."""
        if element.name in self.g:
            raise KeyError(f"duplicate element name {element.name!r}")
        element.index = self._next_index
        self._next_index += 1
        self.g.add_node(element.name, element=element)
        return element

    def remove_element(self, name: str) -> None:
        for c in [c for c in self.connections() if name in (c.src, c.dst)]:
            self.connection_landmarks.pop(c, None)
        self.g.remove_node(name)

    def element(self, name: str) -> Element:
        e: Element = self.g.nodes[name]["element"]
        return e

    def __contains__(self, name: object) -> bool:
        return name in self.g

    def __len__(self) -> int:
        return int(self.g.number_of_nodes())

    def elements(self) -> list[Element]:
        """All elements in declaration order."""
        es: list[Element] = [d["element"] for _, d in self.g.nodes(data=True)]
        return sorted(es, key=lambda e: e.index)

    # -- connections ------------------------------------------------------------------------
    def connect(self, src: str, sport: int, dst: str, dport: int,
                landmark: Landmark | None = None) -> Connection:
        """Add a connection; a connection that already exists is not duplicated (as in Click)."""
        c = Connection(src, sport, dst, dport)
        if not self.g.has_edge(src, dst, key=(sport, dport)):
            self.g.add_edge(src, dst, key=(sport, dport))
            if landmark is not None:
                self.connection_landmarks[c] = landmark
        return c

    def disconnect(self, c: Connection) -> None:
        self.g.remove_edge(c.src, c.dst, key=(c.sport, c.dport))
        self.connection_landmarks.pop(c, None)

    def connections(self) -> list[Connection]:
        """All connections, ordered by (source index, source port, destination index, port)."""
        cs = [Connection(u, k[0], v, k[1]) for u, v, k in self.g.edges(keys=True)]
        idx = {n: d["element"].index for n, d in self.g.nodes(data=True)}
        return sorted(cs, key=lambda c: (idx[c.src], c.sport, idx[c.dst], c.dport))

    def outputs(self, name: str, port: int | None = None) -> list[Connection]:
        """Connections leaving ``name`` (from ``port`` only, if given)."""
        return [Connection(name, k[0], v, k[1]) for _, v, k in self.g.out_edges(name, keys=True)
                if port is None or k[0] == port]

    def inputs(self, name: str, port: int | None = None) -> list[Connection]:
        """Connections entering ``name`` (at ``port`` only, if given)."""
        return [Connection(u, k[0], name, k[1]) for u, _, k in self.g.in_edges(name, keys=True)
                if port is None or k[1] == port]

    def ninputs_used(self, name: str) -> int:
        """1 + the highest input port number used by a connection (0 if none)."""
        return max((c.dport + 1 for c in self.inputs(name)), default=0)

    def noutputs_used(self, name: str) -> int:
        """1 + the highest output port number used by a connection (0 if none)."""
        return max((c.sport + 1 for c in self.outputs(name)), default=0)

    def iter_classes(self) -> Iterator[str]:
        seen: set[str] = set()
        for e in self.elements():
            if e.class_name not in seen:
                seen.add(e.class_name)
                yield e.class_name
