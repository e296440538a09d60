"""Which threads execute each element: tasks, their push and pull reach, queue producers.

In Click, control enters a router only through *tasks* (and timers): a source pushes packets
downstream, a pull sink (ToDevice, ToDump with a pull input, Discard in pull context) pulls them
from upstream, an Unqueue does both.  Every other element runs inside the call chain of some
task, so it executes on that task's thread: a push path runs on the thread of the task that
pushes into it, a pull path on the thread of the task that pulls from it (SMP Click, Chen and
Morris 2001, §2 and §4.1; Click's ``Element::push``/``pull`` call discipline).  Push-to-pull
elements (Queue and friends) are where one task's push path ends and another's pull path starts:
their push side runs on the producers' threads, their pull side on the consumers'.

This module computes, independently of any thread assignment, each task's *reach*: the elements
whose code its calls execute.  Given a placement (task element -> thread) it derives the threads
executing each element and, for each push-to-pull element, the threads pushing into it
(producers) and pulling from it (consumers).  Used by ``clickc.passes.placement`` and the
backend's thread-safety rules (docs/concurrency.md).

Traversal rule for one element entered by a call (a port-level version of Click's
``ProcessingT`` flow, tools/lib/processingt.cc ``code_flow``): entered by a push on input ``i``,
it may push out of every push output the flow code connects to ``i``; entered by a pull on
output ``o``, it may pull from every pull input the flow code connects to ``o``, and push out of
every push output those inputs reach (PullTee's push copy).  Nothing else is followed, so a
Queue entered by a push stops the push path and a Queue entered by a pull stops the pull path.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from clickc.elements.hooks import flow_code_of
from clickc.elements.registry import SpecSource
from clickc.elements.spec import ElementSpec, flow
from clickc.ir import Element, RouterGraph


@dataclass
class Task:
    """One schedulable element that is a task in this router.

    element: its name.  kind: ``ElementSpec.schedulable`` (``source``, ``pull-sink``,
    ``unqueue``, ``timer``).  reach: names of the elements its calls execute, itself
    included.  fills / drains: push-to-pull elements its push path ends at / its pull path
    starts from.
    """

    element: str
    kind: str
    reach: set[str] = field(default_factory=set)
    fills: set[str] = field(default_factory=set)
    drains: set[str] = field(default_factory=set)


@dataclass
class ThreadAnalysis:
    """The tasks of a router (by element name, in declaration order) and its push-to-pull
    elements (names, declaration order)."""

    tasks: dict[str, Task]
    queues: list[str]

    def executing(self, placement: Mapping[str, int]) -> dict[str, set[int]]:
        """Element name -> the threads that execute it, given ``placement`` (task element name
        -> thread; a task missing from it counts as thread 0).  Elements no task reaches map
        to an empty set (they run only from handlers or never)."""
        out: dict[str, set[int]] = {}
        for t in self.tasks.values():
            th = placement.get(t.element, 0)
            for name in t.reach:
                out.setdefault(name, set()).add(th)
        return out

    def producers(self, queue: str, placement: Mapping[str, int]) -> set[int]:
        """Threads that push into the push-to-pull element ``queue``."""
        return {placement.get(t.element, 0) for t in self.tasks.values() if queue in t.fills}

    def consumers(self, queue: str, placement: Mapping[str, int]) -> set[int]:
        """Threads that pull from the push-to-pull element ``queue``."""
        return {placement.get(t.element, 0) for t in self.tasks.values() if queue in t.drains}

    def affinity(self, a: str, b: str) -> int:
        """How many push-to-pull elements tasks ``a`` and ``b`` hand packets through (one fills
        what the other drains): SMP Click §4.1.2's "elements that process the same packets"."""
        ta, tb = self.tasks[a], self.tasks[b]
        return len(ta.fills & tb.drains) + len(tb.fills & ta.drains)


def _kinds(kinds: list[str], port: int) -> str:
    """Resolved kind of a port; ports past the resolved list are push (Click's default for
    an unconnected agnostic port)."""
    return kinds[port] if port < len(kinds) else "push"


def _nports(graph: RouterGraph, e: Element) -> tuple[int, int]:
    return (max(graph.ninputs_used(e.name), len(e.input_kinds)),
            max(graph.noutputs_used(e.name), len(e.output_kinds)))


def _flow(graph: RouterGraph, e: Element, spec: ElementSpec | None, port: int,
          from_output: bool, size: int) -> list[bool]:
    code = flow_code_of(graph, e, spec)
    try:
        return flow(code, port, from_output, size)
    except ValueError:
        return [True] * size  # a malformed code: assume everything connects (conservative)


def is_push_to_pull(graph: RouterGraph, e: Element, spec: ElementSpec | None) -> bool:
    """Whether ``e`` is a push-to-pull element in this router: its spec's state is
    ``queue``, or some push input reaches some pull output by its flow code (Queue,
    SimpleQueue, FrontDropQueue, RED-less storage elements ...)."""
    if spec is not None and spec.state == "queue":
        return True
    nin, nout = _nports(graph, e)
    for i in range(nin):
        if _kinds(e.input_kinds, i) != "push":
            continue
        reach = _flow(graph, e, spec, i, False, nout)
        if any(reach[o] and _kinds(e.output_kinds, o) == "pull" for o in range(nout)):
            return True
    return False


def task_kind(graph: RouterGraph, e: Element, spec: ElementSpec | None) -> str | None:
    """The schedulable kind of ``e`` if it is a task in this router, else None:
    :meth:`ElementSpec.task_kind` on the port kinds push/pull inference resolved (a port it
    left unresolved counts as push, Click's default for an agnostic port)."""
    if spec is None:
        return None
    nin, nout = _nports(graph, e)
    return spec.task_kind([_kinds(e.input_kinds, i) == "push" for i in range(nin)],
                          [_kinds(e.output_kinds, o) == "push" for o in range(nout)])


def analyze(graph: RouterGraph, specs: SpecSource) -> ThreadAnalysis:
    """The tasks of ``graph`` and what each executes.

    graph: a checked router (``input_kinds``/``output_kinds`` resolved by push/pull
    inference).  specs: anything with ``get(class_name) -> ElementSpec | None`` (the element
    registry).  Returns a :class:`ThreadAnalysis`; never raises on a valid router.
    """
    spec_of: dict[str, ElementSpec | None] = {}
    for e in graph.elements():
        try:
            spec_of[e.name] = specs.get(e.class_name)
        except KeyError:
            spec_of[e.name] = None
    queues = [e.name for e in graph.elements() if is_push_to_pull(graph, e, spec_of[e.name])]
    qset = set(queues)
    tasks: dict[str, Task] = {}
    for e in graph.elements():
        kind = task_kind(graph, e, spec_of[e.name])
        if kind is None:
            continue
        t = Task(e.name, kind, {e.name})
        nin, nout = _nports(graph, e)
        starts: list[tuple[str, str, int]] = []
        for o in range(nout):
            if _kinds(e.output_kinds, o) == "push":
                starts += [("push", c.dst, c.dport) for c in graph.outputs(e.name, o)]
        for i in range(nin):
            if _kinds(e.input_kinds, i) == "pull":
                starts += [("pull", c.src, c.sport) for c in graph.inputs(e.name, i)]
        _walk(graph, spec_of, qset, t, starts)
        tasks[e.name] = t
    return ThreadAnalysis(tasks, queues)


def _walk(graph: RouterGraph, spec_of: Mapping[str, ElementSpec | None], queues: set[str],
          task: Task, starts: Iterable[tuple[str, str, int]]) -> None:
    """Follow calls from ``starts`` (``(mode, element, port)``: a push into input ``port`` or
    a pull from output ``port``), adding what runs to ``task``."""
    seen: set[tuple[str, str, int]] = set()
    stack = list(starts)
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        mode, name, port = state
        e = graph.element(name)
        spec = spec_of.get(name)
        task.reach.add(name)
        nin, nout = _nports(graph, e)
        if mode == "push":
            if name in queues:
                task.fills.add(name)
            active = [port]
        else:
            if name in queues:
                task.drains.add(name)
            ins = _flow(graph, e, spec, port, True, nin)
            active = [i for i in range(nin) if ins[i] and _kinds(e.input_kinds, i) == "pull"]
            for i in active:
                stack += [("pull", c.src, c.sport) for c in graph.inputs(name, i)]
        for i in active:
            outs = _flow(graph, e, spec, i, False, nout)
            for o in range(nout):
                if outs[o] and _kinds(e.output_kinds, o) == "push":
                    stack += [("push", c.dst, c.dport) for c in graph.outputs(name, o)]
