"""The ``undead`` pass: dead-element removal with click-undead's semantics.

Source: Click's tools/click-undead/click-undead.cc and its manual page (click-undead.1).  The
classes are recognised by their specs' traits (``static_switch``, ``wire``, ``click_flags``,
``removable_inputs``, ``removable_outputs``; Click classes clickc does not compile have
stand-ins in clickc.elements.foreign).  The steps, in click-undead's order:

1. ``StaticSwitch(K)`` is replaced by a direct connection to its output K (the other outputs
   come from a new ``Idle``); ``StaticPullSwitch(K)`` likewise on the pull side.  ``Null`` is
   bypassed (a push Null by joining its input connections to its single destination, a pull
   Null by joining its outputs to its single source).
2. Liveness: an element is live when it is reachable from a packet source *and* reaches a
   packet sink, following connections and the elements' flow codes; elements with no ports at
   all (AddressInfo, Script without ports, ...) are live by themselves.  Sources and sinks are
   the classes Click flags ``S1``/``S2``/``S3`` (``flags()``; e.g. InfiniteSource is a source,
   ToDevice a sink, Idle and the schedulers neither); a class without a flag is a source when
   it has no inputs and a sink when it has no outputs.  ARPQuerier (flag ``L2``) has its flow
   code ignored (every input reaches its output).
3. Dead elements and their connections go.  Then, until nothing changes: scheduler inputs
   (RoundRobinSched, PrioSched, StrideSched -- StrideSched only when its ticket list matches its
   inputs, and the ticket of a removed input goes too) that are unconnected or fed by an
   ``Idle`` are removed, and a scheduler left with one input is bypassed; unconnected ``Tee`` /
   ``PullTee`` outputs are removed (Tee's ``N`` rewritten) and a one-output tee is bypassed.
4. Ports that were connected before and lost their connection are tied to one new ``Idle``, so
   the router still has the same port counts.

Limits kept from click-undead (its documentation): liveness is structural only (a Switch whose
configuration never selects an output, a Classifier rule that cannot match, a Queue nobody
pulls from at run time are not detected); click-undead considers both the kernel and user-level
drivers' flags, clickc only the user-level ones (the specs' ``click_flags``).  As in
click-undead, a Tee output connected to an ``Idle`` is kept (only unconnected outputs are
removed), a ``Null`` with several inputs *and* several outputs is removed with a warning, and
a configuration with no live element at all is left unchanged with a warning (click-undead
exits with that warning).

The pass records ``Element.facts.inserted_by = "undead"`` on the Idle elements it adds.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable

from clickc.args.lexing import cp_argvec, cp_uncomment
from clickc.elements.hooks import flow_code_of
from clickc.elements.registry import SpecSource, click_traits
from clickc.elements.spec import ElementSpec, flow
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Connection, Element, ElementFacts, RouterGraph

from .manager import Pass, PassContext
from .rewrite import move_from, move_to

PASS_NAME = "undead"

#: The class the pass inserts for blanked ports (Click's Idle); the liveness search does not
#: count an Idle as a source or sink it reached.
IDLE = "Idle"

_LANDMARK = Landmark("<click-undead>")


def _decl(e: Element) -> str:
    return f"{e.name} :: {e.class_name}"


class _Undead:
    """One run of the algorithm on ``graph``; ``errh`` gets click-undead's warnings."""

    def __init__(self, graph: RouterGraph, registry: SpecSource, errh: ErrorHandler) -> None:
        self.g = graph
        self.registry = registry
        self.errh = errh
        self.removed: list[str] = []
        # port counts before any change (click-undead's save_element_nports)
        self.nin: dict[str, int] = {e.name: graph.ninputs_used(e.name) for e in graph.elements()}
        self.nout: dict[str, int] = {e.name: graph.noutputs_used(e.name)
                                     for e in graph.elements()}

    # -- helpers ----------------------------------------------------------------------------
    def _traits(self, e: Element) -> ElementSpec | None:
        """The Click traits of ``e``'s class (its spec, or a stand-in for a Click class clickc
        does not compile: clickc.elements.foreign)."""
        return click_traits(e.class_name)

    def _with(self, test: Callable[[ElementSpec], bool]) -> list[Element]:
        """The elements whose class's traits pass ``test``, in graph order."""
        out = []
        for e in self.g.elements():
            t = self._traits(e)
            if t is not None and test(t):
                out.append(e)
        return out

    def _flag(self, e: Element, letter: str) -> int:
        t = self._traits(e)
        return int(t.click_flag(letter)) if t is not None else -1

    def _is_idle(self, name: str) -> bool:
        return bool(self.g.element(name).class_name == IDLE)

    def _new_idle(self) -> Element:
        n = len(self.g) + 1
        while f"Idle@{n}" in self.g:
            n += 1
        e = Element(f"{IDLE}@{n}", IDLE, "", _LANDMARK,
                    facts=ElementFacts(inserted_by=PASS_NAME))
        return self.g.add_element(e)

    def _move_to(self, c: Connection, dst: str, dport: int) -> None:
        move_to(self.g, c, dst, dport)

    def _move_from(self, c: Connection, src: str, sport: int) -> None:
        move_from(self.g, c, src, sport)

    def _by_port(self, name: str, outputs: bool) -> dict[int, list[Connection]]:
        d: dict[int, list[Connection]] = defaultdict(list)
        for c in (self.g.outputs(name) if outputs else self.g.inputs(name)):
            d[c.sport if outputs else c.dport].append(c)
        return d

    def _kill(self, name: str) -> None:
        self.g.remove_element(name)
        self.removed.append(name)

    # -- step 1: static switches and Nulls --------------------------------------------------
    def _static_value(self, e: Element) -> int:
        text = cp_uncomment(e.config).strip()
        try:
            return int(text, 0) if text else -1
        except ValueError:
            self.errh.warning(e.landmark, f"{e.name}: bad configuration "
                                          f"'{e.class_name}({text})'")
            return -1

    def remove_static_switches(self) -> None:
        """Push static switches (``static_switch`` with push processing, Click's
        StaticSwitch): inputs rewired to the chosen output."""
        for x in self._with(lambda t: t.static_switch and t.input_processing(0) != "l"):
            self._splice_static_switch(x, push=True)

    def remove_static_pull_switches(self) -> None:
        """Pull static switches (``static_switch`` with pull processing, Click's
        StaticPullSwitch): outputs rewired to the chosen input."""
        for x in self._with(lambda t: t.static_switch and t.input_processing(0) == "l"):
            self._splice_static_switch(x, push=False)

    def _splice_static_switch(self, x: Element, push: bool) -> None:
        """Remove static switch ``x``: its trunk (the inputs of a push switch, the outputs of
        a pull one) is joined to the connection of the chosen branch port (its configuration
        number), the other branches to a new Idle; a missing or bad choice sends the trunk
        to the Idle as well.  Push and pull are mirror images (ends swapped)."""
        val = self._static_value(x)
        branches = self._by_port(x.name, push)
        n = self.g.noutputs_used(x.name) if push else self.g.ninputs_used(x.name)
        if any(len(branches.get(p, [])) != 1 for p in range(n)):
            self.errh.warning(x.landmark,
                              f"odd connections {'from' if push else 'to'} '{_decl(x)}'")
        idle = self._new_idle()
        if val < 0 or val >= n or len(branches.get(val, [])) != 1:
            hook = (idle.name, 0)
        else:
            c0 = branches[val][0]
            hook = (c0.dst, c0.dport) if push else (c0.src, c0.sport)
        move_trunk, move_branch = ((self._move_to, self._move_from) if push
                                   else (self._move_from, self._move_to))
        for c in (self.g.inputs(x.name) if push else self.g.outputs(x.name)):
            move_trunk(c, *hook)
        idle_port = 0
        for p in range(n):
            if p != val:
                for c in branches.get(p, []):
                    move_branch(c, idle.name, idle_port)
                idle_port += 1
        self._kill(x.name)

    def remove_nulls(self) -> None:
        for x in self._with(lambda t: t.wire):
            if self.g.ninputs_used(x.name) != 1 or self.g.noutputs_used(x.name) != 1:
                self.errh.warning(x.landmark, f"odd connections to '{_decl(x)}'")
                continue
            prev = self.g.inputs(x.name, 0)
            nxt = self.g.outputs(x.name, 0)
            if len(prev) > 1 and len(nxt) > 1:
                self.errh.warning(x.landmark, f"odd connections to '{_decl(x)}'")
            elif len(prev) == 1:        # a pull Null (or one input): outputs come from its source
                for c in nxt:
                    self._move_from(c, prev[0].src, prev[0].sport)
            elif len(nxt) == 1:         # several inputs, one destination
                for c in prev:
                    self._move_to(c, nxt[0].dst, nxt[0].dport)
            self._kill(x.name)

    # -- step 2: liveness -------------------------------------------------------------------
    def _flow_code(self, e: Element) -> str:
        if self._flag(e, "L") == 2:
            return ""
        return flow_code_of(self.g, e, self.registry.get(e.class_name))

    def _flow(self, e: Element, port: int, from_output: bool) -> list[int]:
        size = self.g.ninputs_used(e.name) if from_output else self.g.noutputs_used(e.name)
        try:
            reach = flow(self._flow_code(e), port, from_output, size)
        except ValueError:
            reach = [True] * size
        return [i for i, r in enumerate(reach) if r]

    def _close(self, ports: set[tuple[str, int]], backward: bool) -> None:
        """Grow ``ports`` (input ports, or output ports when ``backward``) to every port
        reachable from them: through an element by its flow code, then along connections
        (downstream, or upstream when ``backward``)."""
        work = list(ports)
        while work:
            name, port = work.pop()
            for p in self._flow(self.g.element(name), port, backward):
                for c in (self.g.inputs(name, p) if backward else self.g.outputs(name, p)):
                    nxt = (c.src, c.sport) if backward else (c.dst, c.dport)
                    if nxt not in ports:
                        ports.add(nxt)
                        work.append(nxt)

    def live_elements(self) -> set[str]:
        """The live element names (click-undead's find_live_elements)."""
        g = self.g
        elems = g.elements()
        sources: set[str] = set()
        sinks: set[str] = set()
        to_src: set[tuple[str, int]] = set()     # input ports reachable from a source
        to_sink: set[tuple[str, int]] = set()    # output ports that reach a sink
        for x in elems:
            nin, nout = g.ninputs_used(x.name), g.noutputs_used(x.name)
            flag = self._flag(x, "S")
            if flag < 0 or flag > 3:
                flag = (0 if nin else 1) | (0 if nout else 2)
            if flag & 1:
                sources.add(x.name)
                to_src.update((c.dst, c.dport) for c in g.outputs(x.name))
            if flag & 2:
                sinks.add(x.name)
                to_sink.update((c.src, c.sport) for c in g.inputs(x.name))
        # forward from inputs: through the element (flow code), then along connections
        self._close(to_src, backward=False)
        self._close(to_sink, backward=True)
        for name, _ in to_src:
            if not self._is_idle(name):
                sources.add(name)
        for name, _ in to_sink:
            if not self._is_idle(name):
                sinks.add(name)
        live = sources & sinks
        for x in elems:
            if x.name in live:
                continue
            lflag = self._flag(x, "L")
            if lflag == 0:
                continue
            if lflag == 1 or (g.ninputs_used(x.name) == 0 and g.noutputs_used(x.name) == 0):
                live.add(x.name)
        return live

    # -- step 3: redundant schedulers and tees ----------------------------------------------
    def _redundant_schedulers(self, kind: str) -> bool:
        """Inputs of ``removable_inputs`` elements of ``kind`` that never deliver a packet
        (click-undead's RoundRobinSched/PrioSched, and StrideSched whose configuration has one
        ticket per input: ``ports-and-args``)."""
        changed = False
        config_eq_ninputs = kind == "ports-and-args"
        for x in self._with(lambda t: t.removable_inputs == kind):
            if self.g.noutputs_used(x.name) != 1:
                self.errh.warning(x.landmark, f"odd connections to '{_decl(x)}'")
                continue
            ins = self._by_port(x.name, False)
            hprev: list[Connection | None] = [
                ins[p][0] if ins.get(p) else None for p in range(self.g.ninputs_used(x.name))]
            args: list[str] = []
            if config_eq_ninputs:
                args = cp_argvec(x.config)
                if len(args) != len(hprev):
                    continue
            p = 0
            while p < len(hprev):
                c = hprev[p]
                if c is None or self._is_idle(c.src):
                    if config_eq_ninputs:
                        del args[p]
                        x.config = ", ".join(args)
                    if c is not None:
                        self.g.disconnect(c)
                    for pp in range(p + 1, len(hprev)):
                        cc = hprev[pp]
                        if cc is not None:
                            hprev[pp] = move_to(self.g, cc, x.name, pp - 1)
                    del hprev[p]
                else:
                    p += 1
            if len(hprev) == 1 and hprev[0] is not None:
                src = hprev[0]
                for c in self.g.outputs(x.name, 0):
                    self._move_from(c, src.src, src.sport)
                self._kill(x.name)
                changed = True
                continue
            self.nin[x.name] = len(hprev)
        return changed

    def _redundant_tee_ports(self, is_pull_tee: bool) -> bool:
        """Unconnected outputs of ``removable_outputs`` elements, push (Tee) or pull
        (PullTee, whose output 0 stays) by their input's processing."""
        changed = False
        for x in self._with(lambda t: t.removable_outputs
                            and (t.input_processing(0) == "l") == is_pull_tee):
            if self.g.ninputs_used(x.name) != 1:
                self.errh.warning(x.landmark, f"odd connections to '{_decl(x)}'")
                continue
            outs = self._by_port(x.name, True)
            hnext: list[list[Connection]] = [
                outs.get(p, []) for p in range(self.g.noutputs_used(x.name))]
            for p in range(len(hnext) - 1, (1 if is_pull_tee else 0) - 1, -1):
                # click-undead also tests for an Idle at the far end, but compares the
                # connection's source (the tee itself), so only unconnected ports go
                if not hnext[p]:
                    for pp in range(p + 1, len(hnext)):
                        moved = []
                        for cc in hnext[pp]:
                            moved.append(move_from(self.g, cc, x.name, pp - 1))
                        hnext[pp] = moved
                    del hnext[p]
            if len(hnext) == 1:
                if is_pull_tee:
                    prev = self.g.inputs(x.name, 0)
                    for c in self.g.outputs(x.name, 0):
                        self._move_from(c, prev[0].src, prev[0].sport)
                else:
                    nxt = hnext[0][0]
                    for c in self.g.inputs(x.name, 0):
                        self._move_to(c, nxt.dst, nxt.dport)
                self._kill(x.name)
                changed = True
                continue
            self.nout[x.name] = len(hnext)
            x.config = str(len(hnext))
            x.args = None
        return changed

    # -- step 4: Idle for blanked ports -----------------------------------------------------
    def replace_blank_ports(self) -> None:
        idle: Element | None = None
        idle_ports = {False: 0, True: 0}  # the Idle's next output (for inputs), next input
        for x in self.g.elements():
            if idle is not None and x.name == idle.name:
                continue
            for outputs in (False, True):   # inputs first, then outputs
                conns = self._by_port(x.name, outputs)
                n = (self.nout if outputs else self.nin).get(x.name, -1)
                if n < 0:
                    n = self.g.noutputs_used(x.name) if outputs else self.g.ninputs_used(x.name)
                for p in range(n):
                    if not conns.get(p):
                        idle = idle or self._new_idle()
                        k = idle_ports[outputs]
                        if outputs:
                            self.g.connect(x.name, p, idle.name, k)
                        else:
                            self.g.connect(idle.name, k, x.name, p)
                        idle_ports[outputs] = k + 1

    def run(self) -> bool:
        """The whole algorithm; False (graph left as after step 1) when nothing is live."""
        self.remove_static_switches()
        self.remove_static_pull_switches()
        self.remove_nulls()
        live = self.live_elements()
        if not live and len(self.g):
            self.errh.warning(None, "no live elements in configuration")
            return False
        for e in self.g.elements():
            if e.name not in live:
                self._kill(e.name)
        while True:
            changes = 0
            changes += self._redundant_schedulers("ports")
            changes += self._redundant_schedulers("ports-and-args")
            changes += self._redundant_tee_ports(False)
            changes += self._redundant_tee_ports(True)
            if not changes:
                break
        self.replace_blank_ports()
        return True


def remove_dead(graph: RouterGraph, registry: SpecSource, errh: ErrorHandler) -> list[str]:
    """Apply click-undead's transformation to ``graph`` in place (see the module docstring).

    registry: the element registry (flow codes).  errh: click-undead's warnings ("odd
    connections", "no live elements in configuration").  Returns the names of the elements
    removed (dead, bypassed Nulls, static switches, redundant schedulers and tees), in order.
    Works on any flat graph, checked or not (only connections, classes and flow codes are
    used).  Source: Click's tools/click-undead/click-undead.cc.
    """
    u = _Undead(graph, registry, errh)
    u.run()
    return u.removed


def _run(graph: RouterGraph, ctx: PassContext) -> None:
    scratch = ErrorHandler()
    removed = remove_dead(graph, ctx.registry, scratch)
    for d in scratch.diagnostics:
        ctx.errh.warning(d.landmark, d.message)
    if removed:
        ctx.note(PASS_NAME, f"removed {len(removed)} element(s): {', '.join(removed)}")
    else:
        ctx.note(PASS_NAME, "no dead elements")


PASSES = [
    Pass(PASS_NAME, "remove dead elements, Nulls, static switches and redundant schedulers/tees "
         "(click-undead)", _run, recheck=True, provides=("undead",)),
]
