"""Empty notifiers: which Queues a pulling task waits on, so that it can sleep while they are empty.

Click's tasks that pull (Discard, Unqueue, ToDump, ToIPSummaryDump...) take a
``NotifierSignal`` from ``Notifier::upstream_empty_signal`` when they initialize: the search
walks upstream from the task's pull input along pull connections and through elements by their
flow codes, and collects the signal of every Queue it meets (a Queue is an empty notifier and
the search stops there).  A push/pull boundary at an element that is not a notifier, or an
element that might make packets itself, makes the signal "busy" (always active).  When its pull
finds nothing and the signal is inactive (every such Queue empty), the task does not reschedule
itself; the Queue that next receives a packet wakes it.  Source: Click's lib/notifier.cc
(``NotifierRouterVisitor::visit``) and elements/standard/discard.cc, unqueue.cc.

clickc does the search at compile time (:func:`empty_signal_queues`) and keeps it exact and
cheap: a task sleeps only when every Queue its signal collects is a ``queue.c`` instance on a
``local`` ring (the Queue's pushers and the task share one thread, docs/runtime.md "Sleeping
tasks"), and it passes only through elements with no state of their own (spec state ``none``,
``counters`` or ``readonly``), which cannot hold a packet back.  Anything else gives a busy
signal and the task polls every round, as before.

Notifiers that are not Queues (spec ``empty_notifier`` with another state: Idle, always
inactive; InfiniteSource in pull context, inactive when not active or at its limit;
PullSwitch, which forwards the signal of its selected input, ``forwards_empty_notifier``) stop
the search as in Click, in single-threaded routers only (their state is read without
synchronization); :func:`input_signal` gives a forwarder's per-input signals.
"""

from __future__ import annotations

from typing import Any

from clickc.elements.hooks import flow_code_of
from clickc.elements.spec import ElementSpec, flow

from ..ir import Element, RouterGraph

#: Element state kinds the search passes through (nothing held back between pulls).
PASS_THROUGH_STATES = frozenset({"none", "counters", "readonly"})


def port_kind(kinds: list[str], port: int) -> str:
    """The kind (``push``/``pull``) of ``port`` in an element's resolved ``kinds``; ``push``
    past their end (ports push/pull inference left unresolved)."""
    return kinds[port] if port < len(kinds) else "push"


def empty_signal_queues(graph: RouterGraph, specs: Any, element: Element) -> list[str] | None:
    """The Queues whose emptiness lets ``element``'s task sleep, or None for a busy signal.

    graph: a checked router after placement (``Element.facts.ring`` on its queues);
    specs: the element registry (``get(class) -> ElementSpec``).  Only classes whose spec sets
    ``empty_signal`` listen; None for any other, for an element without pull inputs, and when
    the search meets anything but local notifier Queues and pass-through elements.  Returns
    the Queues' names, sorted.  Never raises on a checked router.
    """
    spec = spec_or_none(specs, element.class_name)
    if spec is None or not spec.empty_signal:
        return None
    pulls = [i for i in range(len(element.input_kinds)) if element.input_kinds[i] == "pull"]
    if not pulls:
        return None
    start = [c for i in pulls for c in graph.inputs(element.name, i)]
    return _upstream_notifiers(graph, specs, start)


def input_signal(graph: RouterGraph, specs: Any, element: Element, port: int) -> list[str] | None:
    """The notifiers whose signals make up Click's ``upstream_empty_signal`` of input ``port``
    of ``element`` (a forwarder such as PullSwitch), or None for a busy signal (also for an
    input that is not pull or has no connection).  Same search as
    :func:`empty_signal_queues`; sorted names."""
    if port_kind(element.input_kinds, port) != "pull":
        return None
    return _upstream_notifiers(graph, specs, list(graph.inputs(element.name, port)))


def _one_thread(graph: RouterGraph) -> bool:
    try:
        return int(graph.facts.nthreads) <= 1
    except (TypeError, ValueError, AttributeError):
        return True


def _upstream_notifiers(graph: RouterGraph, specs: Any, start: list[Any]) -> list[str] | None:
    """The walk of :func:`empty_signal_queues` from the connections ``start``."""
    found: set[str] = set()
    seen: set[tuple[str, int]] = set()
    stack = list(start)
    while stack:
        c = stack.pop()
        if (c.src, c.sport) in seen:
            continue
        seen.add((c.src, c.sport))
        src = graph.element(c.src)
        sspec = spec_or_none(specs, src.class_name)
        if sspec is None:
            return None
        if sspec.empty_notifier and sspec.state != "queue":
            # Idle, InfiniteSource, PullSwitch: their C defines ELEM(empty)
            if not _one_thread(graph):
                return None
            found.add(src.name)
            continue
        if sspec.state == "queue":
            # an empty notifier (``ElementSpec.empty_notifier``: Queue, ThreadSafeQueue, whose
            # C, elements/standard/queue.c, wakes listeners when a push makes them non-empty;
            # SimpleQueue has no notifier in Click, FrontDropQueue keeps its own code)
            if not sspec.empty_notifier or (src.facts.ring or "local") != "local":
                return None
            found.add(src.name)
            continue
        if sspec.state not in PASS_THROUGH_STATES or sspec.schedulable is not None:
            return None
        nin = max(graph.ninputs_used(src.name), len(src.input_kinds))
        try:
            reach = flow(flow_code_of(graph, src, sspec), c.sport, True, nin)
        except ValueError:
            return None
        ins = [i for i in range(nin) if reach[i]]
        if not ins:
            return None  # ran out of ports: the element might make packets (Click: busy)
        for i in ins:
            if port_kind(src.input_kinds, i) != "pull":
                return None  # a push/pull boundary at an element that is no notifier
            stack.extend(graph.inputs(src.name, i))
    return sorted(found) or None


def spec_or_none(specs: Any, name: str) -> ElementSpec | None:
    """The spec of class ``name`` from the registry ``specs`` (``get(class)``), or None for a
    class it does not know."""
    try:
        s: ElementSpec | None = specs.get(name)
    except KeyError:
        return None
    return s


def nonfull_signal_queues(graph: RouterGraph, specs: Any, element: Element) -> list[str] | None:
    """The Queues whose fullness lets ``element``'s task sleep, or None for a busy signal.

    Click's InfiniteSource and RandomSource take ``Notifier::downstream_full_signal`` when they
    initialize (lib/notifier.cc, the search above run downstream): from the source's push
    outputs along push connections, through elements by their flow codes, collecting the full
    notifier of every Queue it meets (FullNoteQueue; the search stops there).  The source
    pushes nothing while every such Queue is full and sleeps until a pull makes room.

    graph: a checked router after placement; specs: the element registry.  Only classes whose
    spec sets ``nonfull_signal`` listen.  As for :func:`empty_signal_queues`, the search keeps
    to what is exact: it passes only through pass-through elements (``PASS_THROUGH_STATES``,
    no task), and any other element, a pull output on the way, an element where the flow
    ends (a sink such as Discard: Click's busy signal) or a Queue that is no full notifier on
    a ``local`` ring gives None.  Returns the Queues' names, sorted.  Never raises on a checked
    router.
    """
    spec = spec_or_none(specs, element.class_name)
    if spec is None or not spec.nonfull_signal:
        return None
    pushes = [o for o in range(len(element.output_kinds)) if element.output_kinds[o] == "push"]
    if not pushes:
        return None
    found: set[str] = set()
    seen: set[tuple[str, int]] = set()
    stack = [c for o in pushes for c in graph.outputs(element.name, o)]
    while stack:
        c = stack.pop()
        if (c.dst, c.dport) in seen:
            continue
        seen.add((c.dst, c.dport))
        dst = graph.element(c.dst)
        dspec = spec_or_none(specs, dst.class_name)
        if dspec is None:
            return None
        if dspec.state == "queue":
            if not dspec.full_notifier or (dst.facts.ring or "local") != "local":
                return None
            found.add(dst.name)
            continue
        if dspec.state not in PASS_THROUGH_STATES or dspec.schedulable is not None:
            return None
        nout = max(graph.noutputs_used(dst.name), len(dst.output_kinds))
        try:
            reach = flow(flow_code_of(graph, dst, dspec), c.dport, False, nout)
        except ValueError:
            return None
        outs = [o for o in range(nout) if reach[o]]
        if not outs:
            return None  # the flow ends here (a sink): Click's busy signal
        for o in outs:
            if port_kind(dst.output_kinds, o) != "push":
                return None  # a push/pull boundary at an element that is no notifier
            stack.extend(graph.outputs(dst.name, o))
    return sorted(found) or None
