"""The compiler's intermediate representation: a flat Click router graph.

A :class:`RouterGraph` wraps a ``networkx.MultiDiGraph`` whose nodes are element names (each
node's ``"element"`` attribute is an :class:`Element`) and whose edges are connections, keyed by
``(output port, input port)``.  The graph is *flat*: compound elements have been expanded by the
front end (``clickc.frontend``), so every element is an instance of a primitive class.

Element order matters (Click numbers elements in declaration order and prints them in that order),
so the graph keeps each element's ``index``.  Passes share the helpers defined here.

Facts the passes, the checker and the element hooks hand on (to later passes and to the
backend) are typed records: :class:`ElementFacts` on each element (``Element.facts``) and
:class:`RouterFacts` on the graph (``RouterGraph.facts``); each field says who sets it and who
reads it.  Nothing free-form is kept: a new fact is a new field.
"""

from __future__ import annotations

import copy
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from .errors import Landmark


@dataclass
class ElementFacts:
    """What is known about one element beyond its configuration.  Every field defaults to
    "not set"; passes that do not run leave it so.

    Set by the checker and the element hooks (before the passes):

    - ``args_given``: the argument names the configuration gives (parsed values include
      defaults).  Set by passes/check.py and elements/parsers.py (argument parsing), else by
      compiler/driver.py; read by compiler/backend/model.py (``CONF_GIVEN``) and
      hooks such as elements/standard/ratedunqueue.py.  None: not recorded.
    - ``c_code``: per-instance C emitted before the class template (tables, ``#define``s;
      docs/c-interface.md).  Set by element hooks (elements/parsers.py, routes, classifiers,
      rewriters, RED, ...) and extended by the timestamps/source-copy passes; read by the
      backend (``ElementModel.c_code``).
    - ``watched_queues``: the queues (Storage elements) an AQM element watches (RED,
      AdaptiveRED, PI, CoDel: elements/aqm/red_queues.py); read by ``clickc verify``
      (compiler/commands/verify.py) for the classes that drop by their lengths
      (``ElementSpec.queue_length_drops``).
    - ``libs`` / ``pkg_config``: libraries (``-lNAME``) and pkg-config packages this instance
      needs (elements/userlevel/fromdevice.py with XDP); read by compiler/backend/model.py.

    Set by the passes (docs/passes.md):

    - ``inserted_by``: the pass that added the element (undead, pipeline-cut, flow-split);
      read by pipeline-cut and flow-split (leave such elements alone) and compiler/draw.py
      (dashed).
    - ``replica_of`` / ``replica`` / ``share``: flow-split's replicas: the original's name,
      the replica number K, the fraction of the packets it gets (also on a replica's queue
      and Unqueue: ``replica``, ``share``); read by the cost model (a replica costs what its
      original does) and placement (replica groups, shares).
    - ``flow_key`` / ``replicas`` / ``weights`` / ``ordered``: on flow-split's switch
      (HashSwitch: the key kind, the replica count, buckets per replica; OrderSplit:
      ``replicas`` and ``ordered``); recorded for ``--explain`` readers and tests.
    - ``thread`` / ``exec_threads`` / ``task``: placement: the element's task's thread (else
      the lowest executing it, else 0), the sorted threads executing it (None: placement did
      not run), and on tasks the schedulable kind; read by the batch pass (members on one
      thread), compiler/backend/model.py (``ELEMENT_NTHREADS``, the thread of each task) and
      compiler/draw.py (colours).
    - ``ring`` / ``producers``: placement, on push-to-pull elements: ``local``, ``spsc``,
      ``mpsc`` or ``mpmc`` and the number of pushing threads; read by compiler/backend/model.py
      (``QUEUE_RING``, ``QUEUE_NPRODUCERS``) and compiler/backend/notifier.py.  None: not set
      (the backend takes ``local`` and 1).
    - ``source_timestamp`` / ``source_copy``: the timestamps / source-copy passes' decision on
      a source (the C is in ``c_code``); recorded for tests and ``--explain``.
    - ``batch_member``: the batch pass: the producer whose region the element belongs to.
    """

    args_given: set[str] | None = None
    c_code: str = ""
    watched_queues: tuple[str, ...] = ()
    libs: tuple[str, ...] = ()
    pkg_config: tuple[str, ...] = ()
    inserted_by: str | None = None
    replica_of: str | None = None
    replica: int | None = None
    share: float | None = None
    flow_key: str | None = None
    replicas: int | None = None
    weights: list[int] | None = None
    ordered: bool = False
    thread: int = 0
    exec_threads: list[int] | None = None
    task: str | None = None
    pinned: bool = False
    ring: str | None = None
    producers: int | None = None
    source_timestamp: bool | None = None
    source_copy: bool | None = None
    batch_member: str | None = None

    def copy(self) -> ElementFacts:
        """An independent copy (lists and sets copied too): flow-split's replicas start from
        their original's facts."""
        return copy.deepcopy(self)


@dataclass
class FlowSplit:
    """One split flow-split made (``RouterFacts.flow_splits``): the switch (HashSwitch or
    OrderSplit), the replica count, buckets per replica (empty: one each), the original
    elements replicated; ``ordered`` splits also name their OrderMerge (``merge``).  Read by
    placement (ordered splits' fronts and merges)."""

    switch: str
    replicas: int
    weights: list[int]
    elements: list[str]
    ordered: bool = False
    merge: str | None = None


@dataclass
class BatchRegion:
    """One region of the batch pass (``RouterFacts.batch_regions``, docs/batching.md): the
    producer and its output port, the members in breadth-first order, the batch size, and
    whether the producer emits bursts (else one packet per run).  Read by
    compiler/backend/batching.py."""

    producer: str
    port: int
    members: list[str]
    size: int
    burst: bool = True
    #: Every member emits at most one packet per input and the members form no cycle: the
    #: backend keeps Click's order with one exit slot per burst packet (vector mode).
    one_per_input: bool = False


@dataclass
class RouterFacts:
    """Router-wide facts.

    - ``nthreads``: the ``-j`` thread count (compiler/driver.py before the passes;
      read by the backend, compiler/draw.py and hooks such as the rewriters' tables).
    - ``fingerprint``: the configuration's fingerprint before any pass
      (passes/profile.py; written into ``--profile-generate`` profiles).
    - ``passes_run``: names of the passes run, in order (passes/manager.py).
    - ``replica_groups``: flow-split: original name -> its replicas' names (the runtime's
      handler groups, docs/c-interface.md); read by placement (shares) and tests.
    - ``flow_splits``: flow-split: every split made (:class:`FlowSplit`); read by placement.
    - ``batch_regions``: the batch pass's regions (:class:`BatchRegion`); read by
      compiler/backend/batching.py.
    """

    nthreads: int = 1
    fingerprint: str | None = None
    passes_run: list[str] = field(default_factory=list)
    replica_groups: dict[str, list[str]] = field(default_factory=dict)
    flow_splits: list[FlowSplit] = field(default_factory=list)
    batch_regions: list[BatchRegion] = field(default_factory=list)


@dataclass
class Element:
    """One element instance of the flat graph.

    name: the element's flat name (``compound/component`` for expanded compounds, ``Class@N``
    for anonymous ones).  class_name: the primitive class.  config: the configuration string after
    parameter substitution, as Click would pass it to ``configure``.  landmark: where it was
    declared.  index: declaration order (Click's element index).  args: typed configuration values
    after argument parsing (``None`` until parsed).  input_kinds / output_kinds: "push" or "pull"
    per port once push/pull inference ran.  facts: what the checker, the element hooks and the
    passes found out about it (:class:`ElementFacts`).
    """

    name: str
    class_name: str
    config: str = ""
    landmark: Landmark = field(default_factory=lambda: Landmark("<unknown>"))
    index: int = 0
    args: dict[str, Any] | None = None
    input_kinds: list[str] = field(default_factory=list)
    output_kinds: list[str] = field(default_factory=list)
    facts: ElementFacts = field(default_factory=ElementFacts)


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
        #: router-wide facts (:class:`RouterFacts`: the -j thread count, flow-split's groups, ...)
        self.facts = RouterFacts()

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
        if name not in self.g:
            return [Connection(name, k[0], v, k[1])
                    for _, v, k in self.g.out_edges(name, keys=True)
                    if port is None or k[0] == port]
        # the adjacency directly, in out_edges' order (its node lookup was most of the time)
        return [Connection(name, k[0], v, k[1]) for v, keys in self.g.succ[name].items()
                for k in keys if port is None or k[0] == port]

    def inputs(self, name: str, port: int | None = None) -> list[Connection]:
        """Connections entering ``name`` (at ``port`` only, if given)."""
        if name not in self.g:
            return [Connection(u, k[0], name, k[1])
                    for u, _, k in self.g.in_edges(name, keys=True)
                    if port is None or k[1] == port]
        return [Connection(u, k[0], name, k[1]) for u, keys in self.g.pred[name].items()
                for k in keys if port is None or k[1] == port]

    def downstream(self, start: str, keep: Callable[[str], bool] | None = None) -> list[str]:
        """Names of the elements reachable from ``start`` over connections, ``start`` first,
        in breadth-first order; with ``keep``, only through the elements it accepts (``start``
        is not asked)."""
        seen = {start}
        order = [start]
        todo = deque([start])
        while todo:
            n = todo.popleft()
            for c in self.outputs(n):
                if c.dst not in seen and (keep is None or keep(c.dst)):
                    seen.add(c.dst)
                    order.append(c.dst)
                    todo.append(c.dst)
        return order

    def ninputs_used(self, name: str) -> int:
        """1 + the highest input port number used by a connection (0 if none)."""
        # the keys of the adjacency are (source port, destination port): no Connection made
        return max((k[1] + 1 for keys in self.g.pred[name].values() for k in keys), default=0)

    def noutputs_used(self, name: str) -> int:
        """1 + the highest output port number used by a connection (0 if none)."""
        return max((k[0] + 1 for keys in self.g.succ[name].values() for k in keys), default=0)

    def iter_classes(self) -> Iterator[str]:
        seen: set[str] = set()
        for e in self.elements():
            if e.class_name not in seen:
                seen.add(e.class_name)
                yield e.class_name
