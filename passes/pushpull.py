"""Push/pull inference and port checking, as Click's ``click-check`` does it.

The algorithm and every message follow Click's tools/lib/processingt.cc (``ProcessingT``):

1. Each port starts with its class's processing letter (``h`` push, ``l`` pull, ``a`` agnostic;
   ``ElementSpec.processing``); ports of classes without a spec stay agnostic.
2. For every agnostic input, a fake connection is added from each agnostic output its flow code
   (``ElementSpec.flow_code``) says the input reaches, so that an agnostic element takes the same
   personality on both sides.
3. Personalities spread over connections (real ones in configuration order, then the fake ones)
   until nothing changes; a connection whose ends disagree is an error (``'a' push output 0
   connected to 'b' pull input 0``, or ``agnostic 'x' in mixed context`` for a fake one).
4. Ports still agnostic become push.
5. Connections are checked: a push output or pull input used twice is an error; each element's
   port counts must be within its class's range (``ElementSpec.port_count``); a port below the
   highest used one but not connected is an error.

``infer(..., driver=True)`` reports instead what Click's driver (``click``) reports for the same
router, in its order: ``Router::initialize``'s checks (lib/router.cc), see :func:`infer`.

The result is stored in ``Element.input_kinds`` / ``Element.output_kinds`` (``"push"`` or
``"pull"`` per used port).  Ports are "used" as in Click's tools: an element has
``1 + highest connected port`` ports on each side.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from clickc.elements import registry
from clickc.elements.hooks import flow_code_of
from clickc.elements.spec import ElementSpec, flow, parse_port_count, processing_letter
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Connection, Element, RouterGraph

# ProcessingT's bits (tools/lib/processingt.hh).
PUSH = 1
PULL = 2
AGNOSTIC = 4
ERROR = 8

_AGNOSTIC_LANDMARK = Landmark("<agnostic>")

SpecLookup = Callable[[str], ElementSpec | None]


@dataclass
class _Conn:
    src: str
    sport: int
    dst: str
    dport: int
    landmark: Landmark | None
    fake: bool = False


def _src_end(c: _Conn) -> tuple[str, int]:
    return c.src, c.sport


def _dst_end(c: _Conn) -> tuple[str, int]:
    return c.dst, c.dport


@dataclass
class ProcessingResult:
    """Resolved processing of every port: ``inputs[name][i]`` / ``outputs[name][i]`` are
    ``PUSH`` or ``PULL`` (possibly or-ed with ``ERROR``)."""

    inputs: dict[str, list[int]]
    outputs: dict[str, list[int]]

    def input_kind(self, name: str, port: int) -> str:
        return "pull" if self.inputs[name][port] & PULL else "push"

    def output_kind(self, name: str, port: int) -> str:
        return "pull" if self.outputs[name][port] & PULL else "push"


def _edges(graph: RouterGraph) -> list[tuple[str, int, str, int]]:
    """Every connection as (source, source port, destination, destination port), in no
    particular order; one pass over the graph, no Connection objects."""
    return [(u, k[0], v, k[1]) for u, v, k in graph.g.edges(keys=True)]


def _used_ports(graph: RouterGraph, edges: list[tuple[str, int, str, int]]
                ) -> tuple[dict[str, int], dict[str, int]]:
    """Every element's used input and output counts (``RouterGraph.ninputs_used``,
    ``noutputs_used``) from one pass over ``edges``."""
    nin = dict.fromkeys(graph.g, 0)
    nout = dict.fromkeys(graph.g, 0)
    for src, sport, dst, dport in edges:
        if sport >= nout[src]:
            nout[src] = sport + 1
        if dport >= nin[dst]:
            nin[dst] = dport + 1
    return nin, nout


def used_port_counts(graph: RouterGraph) -> tuple[dict[str, int], dict[str, int]]:
    """Every element's ``RouterGraph.ninputs_used`` and ``noutputs_used`` (element name ->
    count), from one pass over the connections instead of one adjacency walk per element."""
    return _used_ports(graph, _edges(graph))


def ordered_connections(graph: RouterGraph,
                        edges: list[tuple[str, int, str, int]] | None = None
                        ) -> list[Connection]:
    """Connections in configuration order: those with a landmark in the order the front end
    added them (``RouterGraph.connection_landmarks`` keeps insertion order), then any others in
    ``RouterGraph.connections()`` order.  Click's checker visits connections in this order, which
    decides which of two conflicting connections is reported.  ``edges``: :func:`_edges`, when
    the caller has it."""
    present = {Connection(*t) for t in (edges if edges is not None else _edges(graph))}
    out = [c for c in graph.connection_landmarks if c in present]
    if len(out) < len(present):
        seen = set(out)
        out += [c for c in graph.connections() if c not in seen]
    return out


def router_connections(graph: RouterGraph, index: dict[str, int] | None = None,
                       edges: list[tuple[str, int, str, int]] | None = None
                       ) -> list[Connection]:
    """Connections in the order of Click's driver: ``Lexer::create_router`` (lib/lexer.cc)
    sorts them by input end, then output end (element index in router order, port number)
    before handing them to the Router, whose checks visit them in that order.  ``index``
    (element name -> position in ``graph.elements()``) and ``edges`` (:func:`_edges`): when
    the caller has them."""
    if index is None:
        index = {e.name: i for i, e in enumerate(graph.elements())}
    if edges is None:
        edges = _edges(graph)
    order = sorted((index[dst], dport, index[src], sport, src, dst)
                   for src, sport, dst, dport in edges)
    return [Connection(t[4], t[3], t[5], t[1]) for t in order]


# -- inference -------------------------------------------------------------------------------

_LETTER_BITS = {"h": PUSH, "l": PULL, "a": AGNOSTIC}


@functools.lru_cache(maxsize=4096)
def _initial_ports(processing: str, side: int, n: int) -> tuple[int, ...]:
    return tuple(_LETTER_BITS[processing_letter(processing, side, i)] for i in range(n))


def _initial(spec: ElementSpec | None, side: int, n: int) -> list[int]:
    """The starting processing bits of ``n`` ports on ``side`` (0 inputs, 1 outputs) of an
    element of class ``spec``; one decoding per processing code, side and port count."""
    if spec is None:
        return [AGNOSTIC] * n
    return list(_initial_ports(spec.processing, side, n))


@functools.lru_cache(maxsize=4096)
def _input_flow(code: str, port: int, noutputs: int) -> tuple[bool, ...]:
    """``flow(code, port, False, noutputs)``, decoded once per flow code and port count."""
    return tuple(flow(code, port, False, noutputs))


def _kind(p: int) -> str:
    p &= 7
    if p == AGNOSTIC:
        return "agnostic"
    if p & PUSH:
        return "push"
    if p & PULL:
        return "pull"
    return "?"


def infer(graph: RouterGraph, errh: ErrorHandler,
          lookup: SpecLookup = registry.get, *, driver: bool = False) -> ProcessingResult:
    """Resolve every port's processing and check the connections; report errors to ``errh``.

    Elements whose class ``lookup`` does not know are treated as Click's checker treats them:
    agnostic everywhere, every port reaching every other, no port-count limits (reporting the
    unknown class is the caller's job).  Fills ``Element.input_kinds`` / ``output_kinds`` of every
    element.  Returns the resolved processing.  Never raises for bad configurations.
    Source: Click's tools/lib/processingt.cc, ``ProcessingT::create``.

    driver: report what Click's driver (``click``) reports instead of click-check's messages:
    ``Router::initialize`` (lib/router.cc) checks port ranges (``'c :: Counter' has no output
    1``) and stops there after errors; then push/pull conflicts (no landmark) and stops; then
    reuse of pull inputs / push outputs and unused ports (``'q :: Queue' input 0 unused``).
    The resolved processing is the same either way.
    """
    g = _Graph(graph, lookup)
    if not driver:
        return _infer(g, errh, errh, None)
    silent = ErrorHandler()
    if not _driver_range_check(g, errh):
        return _infer(g, silent, silent, None)   # kinds only: the router is refused
    msgs: list[str] = []
    before = errh.nerrors
    result = _infer(g, errh, silent, msgs)
    for m in msgs:  # Router::check_push_and_pull: no landmark
        errh.error(None, m)
    if errh.nerrors == before:
        _driver_completeness_check(g, result, errh)
    return result


class _Graph:
    """What the checks read from a router, gathered once: its elements in order, their specs
    and positions, its connections as tuples, used port counts, and (on demand) the driver's
    port counts and connection order."""

    def __init__(self, graph: RouterGraph, lookup: SpecLookup) -> None:
        self.graph = graph
        self.elements = graph.elements()
        self.specs = {e.name: lookup(e.class_name) for e in self.elements}
        self.index = {e.name: i for i, e in enumerate(self.elements)}
        self.edges = _edges(graph)
        self.nin, self.nout = _used_ports(graph, self.edges)
        self._driver: tuple[dict[str, int], dict[str, int]] | None = None
        self._router_conns: list[Connection] | None = None

    def driver_nports(self) -> tuple[dict[str, int], dict[str, int]]:
        """:func:`_driver_nports` without errors, computed once."""
        if self._driver is None:
            self._driver = _driver_nports(self, None)
        return self._driver

    def router_connections(self) -> list[Connection]:
        """:func:`router_connections`, computed once (callers copy before changing it)."""
        if self._router_conns is None:
            self._router_conns = router_connections(self.graph, self.index, self.edges)
        return self._router_conns


def _infer(g: _Graph, errh: ErrorHandler, check_errh: ErrorHandler,
           driver_msgs: list[str] | None) -> ProcessingResult:
    """:func:`infer`'s body: flow code errors go to ``errh``, click-check's connection errors
    to ``check_errh``, processing conflicts to ``errh`` in click-check's words or, when
    ``driver_msgs`` is a list, to that list in the driver's words (then connections are
    visited in the driver's order, :func:`router_connections`, and elements have the driver's
    port counts, :func:`_driver_nports`, whose extra ports take part through their flow codes;
    a valid router has the same ports and the same result either way)."""
    graph, elements, specs = g.graph, g.elements, g.specs
    nin, nout = g.nin, g.nout
    used_in, used_out = nin, nout
    if driver_msgs is not None:
        nin, nout = g.driver_nports()
    pin = {e.name: _initial(specs[e.name], 0, nin[e.name]) for e in elements}
    pout = {e.name: _initial(specs[e.name], 1, nout[e.name]) for e in elements}
    landmarks = graph.connection_landmarks
    conns = [_Conn(c.src, c.sport, c.dst, c.dport, landmarks.get(c))
             for c in (ordered_connections(graph, g.edges) if driver_msgs is None
                       else g.router_connections())]
    nreal = len(conns)

    # fake connections through agnostic elements (check_processing)
    for e in elements:
        name = e.name
        ins, outs, nouts = pin[name], pout[name], nout[name]
        if AGNOSTIC not in ins:
            continue
        s = specs[name]
        fc = flow_code_of(graph, e, s) if s is not None else ""
        for i in range(nin[name]):
            if ins[i] != AGNOSTIC:
                continue
            try:
                reach: tuple[bool, ...] = _input_flow(fc, i, nouts)
            except ValueError as ex:
                errh.error(e.landmark, str(ex))
                reach = (True,) * nouts
            for j, r in enumerate(reach):
                if r and outs[j] == AGNOSTIC:
                    conns.append(_Conn(name, j, name, i, _AGNOSTIC_LANDMARK, fake=True))
    invalid = [False] * len(conns)
    # each connection's two port lists (changed in place) and ports
    ends = [(pout[c.src], c.sport, pin[c.dst], c.dport) for c in conns]

    # spread personalities to a fixpoint
    changed = True
    while changed:
        changed = False
        for k, (outs, sport, ins, dport) in enumerate(ends):
            if invalid[k]:
                continue
            pf = outs[sport]
            pt = ins[dport]
            if pt & 7 == AGNOSTIC:
                if pf != AGNOSTIC:
                    ins[dport] = AGNOSTIC | (pf & 3)
                    changed = True
            elif pf == AGNOSTIC:
                outs[sport] = AGNOSTIC | (pt & 3)
                changed = True
            elif (pf ^ pt) & 3:
                _processing_error(graph, conns[k], pf, check_errh if driver_msgs is not None
                                  else errh, driver_msgs)
                ins[dport] |= ERROR
                outs[sport] |= ERROR
                invalid[k] = True
    del conns[nreal:]
    del invalid[nreal:]

    # leftover agnostic ports become push (resolve_agnostics)
    for table in (pin, pout):
        for ports in table.values():
            for i, p in enumerate(ports):
                if p & 7 == AGNOSTIC:
                    ports[i] = p + PUSH

    _check_connections(graph, elements, specs, conns, invalid, pin, pout, nin, nout,
                       check_errh)

    for e in elements:
        e.input_kinds = ["pull" if p & PULL else "push" for p in pin[e.name][:used_in[e.name]]]
        e.output_kinds = ["pull" if p & PULL else "push"
                          for p in pout[e.name][:used_out[e.name]]]
    return ProcessingResult(pin, pout)


def _processing_error(graph: RouterGraph, c: _Conn, pf: int, errh: ErrorHandler,
                      driver_msgs: list[str] | None = None) -> None:
    t1, t2 = ("push", "pull") if pf & PUSH else ("pull", "push")
    if driver_msgs is not None:
        # the driver's words (Router::processing_error): no landmark, 'name :: Class'
        src, dst = _decl(graph.element(c.src)), _decl(graph.element(c.dst))
        if c.fake:
            driver_msgs.append(f"agnostic '{src}' in mixed context: {t2} input {c.dport}, "
                               f"{t1} output {c.sport}")
        else:
            driver_msgs.append(f"'{src}' {t1} output {c.sport} connected to '{dst}' {t2} "
                               f"input {c.dport}")
        return
    if c.fake:
        errh.error(graph.element(c.src).landmark,
                   f"agnostic '{c.src}' in mixed context: {t2} input {c.dport}, "
                   f"{t1} output {c.sport}")
    else:
        errh.error(c.landmark, f"'{c.src}' {t1} output {c.sport} connected to "
                               f"'{c.dst}' {t2} input {c.dport}")


def _check_connections(graph: RouterGraph, elements: list[Element],
                       specs: dict[str, ElementSpec | None],
                       conns: list[_Conn], invalid: list[bool], pin: dict[str, list[int]],
                       pout: dict[str, list[int]], nin: dict[str, int], nout: dict[str, int],
                       errh: ErrorHandler) -> None:
    out_used: dict[tuple[str, int], int] = {}
    in_used: dict[tuple[str, int], int] = {}
    for k, c in enumerate(conns):
        fo, ti = (c.src, c.sport), (c.dst, c.dport)
        # a push output, like a pull input, may carry only one connection (several copies of
        # the same connection count as one); first the output end, then the input end
        prev = out_used.get(fo)
        if prev is not None and pout[c.src][c.sport] & PUSH and not invalid[k] \
                and _dst_end(conns[prev]) != ti:
            _reuse_error(errh, c, conns[prev], c.src, "push", "output", c.sport)
            pout[c.src][c.sport] |= ERROR
        else:
            out_used[fo] = k
        prev = in_used.get(ti)
        if prev is not None and pin[c.dst][c.dport] & PULL and not invalid[k] \
                and _src_end(conns[prev]) != fo:
            _reuse_error(errh, c, conns[prev], c.dst, "pull", "input", c.dport)
            pin[c.dst][c.dport] |= ERROR
        else:
            in_used[ti] = k

    for e in elements:
        _check_nports(e, specs[e.name], conns, in_used, out_used, nin[e.name], nout[e.name], errh)
        for i in range(nin[e.name]):
            if (e.name, i) not in in_used:
                errh.error(e.landmark, f"'{e.name}' {_kind(pin[e.name][i])} input {i} "
                                       "not connected")
                pin[e.name][i] |= ERROR
        for i in range(nout[e.name]):
            if (e.name, i) not in out_used:
                errh.error(e.landmark, f"'{e.name}' {_kind(pout[e.name][i])} output {i} "
                                       "not connected")
                pout[e.name][i] |= ERROR


def _reuse_error(errh: ErrorHandler, c: _Conn, prev: _Conn, name: str, word: str, side: str,
                 port: int) -> None:
    errh.error(c.landmark, f"illegal reuse of '{name}' {word} {side} {port}")
    errh.message(prev.landmark, f"'{name}' {side} {port} previously used here")


def _check_nports(e: Element, spec: ElementSpec | None, conns: list[_Conn],
                  in_used: dict[tuple[str, int], int], out_used: dict[tuple[str, int], int],
                  ninputs: int, noutputs: int, errh: ErrorHandler) -> None:
    """Port-count check of one element (ProcessingT::check_nports)."""
    if spec is None:
        return
    try:
        (inlo, inhi), _ = spec.port_ranges(0)
    except ValueError:
        errh.error(e.landmark, f"syntax error in port count code for '{spec.name}'")
        return
    n = _check_count(e, "input", ninputs, inlo, inhi, in_used, conns, errh)
    _, (outlo, outhi) = spec.port_ranges(n)
    equalmsg = ""
    if spec.port_count.partition("/")[2].startswith("=") or (
            "/" not in spec.port_count and spec.port_count.startswith("=")):
        if noutputs != outlo:
            equalmsg = f" with {n} input{'' if n == 1 else 's'}"
    _check_count(e, "output", noutputs, outlo, outhi, out_used, conns, errh, equalmsg)


def _check_count(e: Element, side: str, n: int, lo: int, hi: int,
                 used: dict[tuple[str, int], int], conns: list[_Conn], errh: ErrorHandler,
                 qualifier: str = "") -> int:
    """One side (``side``: ``"input"`` or ``"output"``) of ProcessingT::check_nports: ``n``
    ports used against the allowed ``lo``..``hi``; too many also points at each connection
    to a port beyond ``hi``.  ``qualifier`` follows the element's name in the message.
    Returns ``n`` clamped to ``lo``..``hi``."""
    if n < lo:
        errh.error(e.landmark, f"too few {side}s for '{e.name}'{qualifier}, "
                               f"{'' if lo == hi else 'at least '}{lo} required")
        return lo
    if n > hi:
        errh.error(e.landmark, f"too many {side}s for '{e.name}'{qualifier}, "
                               f"{'' if lo == hi else 'at most '}{hi} allowed")
        for i in range(hi, n):
            if (e.name, i) in used:
                errh.message(conns[used[(e.name, i)]].landmark,
                             f"'{e.name}' {side} {i} used here")
        return hi
    return n


# -- Click's driver: Router::initialize's hookup checks (lib/router.cc) ------------------------

def _decl(e: Element) -> str:
    """``name :: Class``, as Click's ``%p{element}`` conversion prints an element."""
    return f"{e.name} :: {e.class_name}"


def _driver_nports(g: _Graph, errh: ErrorHandler | None
                   ) -> tuple[dict[str, int], dict[str, int]]:
    """Each element's port counts as ``Element::notify_nports`` (lib/element.cc) sets them: the
    used counts clamped into the class's ranges (an ``=`` output count follows the clamped
    inputs).  A malformed port count code is reported to ``errh`` (``'x :: C': bad port
    count``) and leaves the used counts."""
    nin: dict[str, int] = {}
    nout: dict[str, int] = {}
    for e in g.elements:
        ni, no = g.nin[e.name], g.nout[e.name]
        spec = g.specs[e.name]
        if spec is not None:
            ni, no, ok = _notify_nports(spec.port_count, ni, no)
            if not ok and errh is not None:
                errh.error(None, f"{_decl(e)}: bad port count")
        nin[e.name], nout[e.name] = ni, no
    return nin, nout


@functools.lru_cache(maxsize=65536)
def _notify_nports(port_count: str, ni: int, no: int) -> tuple[int, int, bool]:
    """One element's (inputs, outputs, code valid) for :func:`_driver_nports`, once per port
    count code and used counts; a malformed code leaves the counts clamped so far."""
    try:
        (lo, hi), _ = parse_port_count(port_count, 0)
        ni = min(max(ni, lo), hi)
        _, (olo, ohi) = parse_port_count(port_count, ni)
        no = min(max(no, olo), ohi)
    except ValueError:
        return ni, no, False
    return ni, no, True


def _driver_range_check(g: _Graph, errh: ErrorHandler) -> bool:
    """``Router::check_hookup_range``: every connection whose port an element does not have
    gives ``'x :: C' has no input N`` (the input end first, then the output end) at the
    element's declaration, in the driver's connection order (:func:`router_connections`); a
    refused connection is replaced by the last one, which is checked next, as
    ``Router::remove_connection`` does.  Returns False after errors."""
    before = errh.nerrors
    graph = g.graph
    nin, nout = _driver_nports(g, errh)
    g._driver = (nin, nout)
    conns = list(g.router_connections())
    i = 0
    while i < len(conns):
        c, bad = conns[i], False
        if c.dport >= nin[c.dst]:
            e = graph.element(c.dst)
            errh.error(e.landmark, f"'{_decl(e)}' has no input {c.dport}")
            bad = True
        if c.sport >= nout[c.src]:
            e = graph.element(c.src)
            errh.error(e.landmark, f"'{_decl(e)}' has no output {c.sport}")
            bad = True
        if bad:  # Router::remove_connection: the last connection takes its place
            conns[i] = conns[-1]
            conns.pop()
        else:
            i += 1
    return bool(errh.nerrors == before)


def _driver_completeness_check(g: _Graph, result: ProcessingResult, errh: ErrorHandler
                               ) -> None:
    """``Router::check_hookup_completeness``: reuse of a pull input, then of a push output
    (connections sorted by the reused port, elements in router order), then every input and
    every output no connection uses (``'x :: C' input N unused``), element by element."""
    elements, index = g.elements, g.index
    conns = sorted({(index[dst], dport, index[src], sport) for src, sport, dst, dport in g.edges})
    for side in (0, 1):
        ports = sorted((c[0:2], c[2:4]) if side == 0 else (c[2:4], c[0:2]) for c in conns)
        for k in range(1, len(ports)):
            (ei, port), _ = ports[k]
            if ports[k - 1][0] != (ei, port):
                continue
            e = elements[ei]
            if side == 0 and result.inputs[e.name][port] & PULL:
                errh.error(e.landmark, f"illegal reuse of '{_decl(e)}' pull input {port}")
            elif side == 1 and result.outputs[e.name][port] & PUSH:
                errh.error(e.landmark, f"illegal reuse of '{_decl(e)}' push output {port}")
    nin, nout = g.driver_nports()
    used_in = {(c[0], c[1]) for c in conns}
    used_out = {(c[2], c[3]) for c in conns}
    for side, counts, used in ((0, nin, used_in), (1, nout, used_out)):
        for i, e in enumerate(elements):
            for port in range(counts[e.name]):
                if (i, port) not in used:
                    errh.error(e.landmark, f"'{_decl(e)}' {'output' if side else 'input'} "
                                           f"{port} unused")
