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
``counters`` or ``readonly``), which cannot hold a packet back, and RoundRobinSched (spec
``sleep_neutral``).  Anything else gives a busy signal and the task polls every round,
as before.

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
        passes = sspec.state in PASS_THROUGH_STATES or sspec.sleep_neutral
        if not passes or sspec.schedulable is not None:
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
    return _downstream_notifiers(graph, specs, [c for o in pushes
                                                for c in graph.outputs(element.name, o)])


def output_signal(graph: RouterGraph, specs: Any, element: Element,
                  port: int) -> list[str] | None:
    """The full notifiers (Queues) whose signals make up Click's ``downstream_full_signal`` of
    push output ``port`` of ``element``, or None for a busy signal (also for a pull output or
    one without connection).  Same search as :func:`nonfull_signal_queues`; sorted names."""
    if port_kind(element.output_kinds, port) != "push":
        return None
    return _downstream_notifiers(graph, specs, list(graph.outputs(element.name, port)))


def _downstream_notifiers(graph: RouterGraph, specs: Any,
                          start: list[Any]) -> list[str] | None:
    """The walk of :func:`nonfull_signal_queues` from the connections ``start``."""
    found: set[str] = set()
    seen: set[tuple[str, int]] = set()
    stack = list(start)
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


def signal_layout(graph: RouterGraph, specs: Any, full: bool) -> dict[str, tuple[int, int]]:
    """Where Click keeps each empty notifier's signal (``full``: each full notifier's):
    ``{element name: (word, bit)}``.

    Click's ``Router::new_notifier_signal`` hands out the bits of the "empty" (or "full")
    signal words in the order the notifiers initialize, 32 to a word: here every element whose
    spec is an empty notifier or forwards one (PullSwitch), or a full notifier, in the router's
    element order.  Only NotifierDebug's ``signal`` text reads it (:func:`debug_signal_code`)."""
    layout: dict[str, tuple[int, int]] = {}
    for e in graph.elements():
        spec = spec_or_none(specs, e.class_name)
        if spec is not None and (spec.full_notifier if full else
                                 (spec.empty_notifier or spec.forwards_empty_notifier)):
            n = len(layout)
            layout[e.name] = (n // 32, n % 32)
    return layout


def debug_signal_code(graph: RouterGraph, specs: Any, element: Element,
                      index_of: dict[str, int],
                      listeners: dict[str, tuple[int, ...]]) -> tuple[str, list[str]]:
    """C that defines ``NOTIFIER_DEBUG_SIGNAL(out)`` for NotifierDebug ``element``
    (elements/test/notifierdebug.c), and the Queues that must keep Click's signal state for it.

    The macro appends to the ``ck_buf *out`` Click's text of the upstream empty signal of the
    element's pull input 0 (``NotifierSignal::unparse``): per signal word of
    :func:`signal_layout`, ``empty.W/MASK:VALUE``, with ``*`` when the value is not 0, joined
    by ``+``; for a push input, the downstream full signal of output 0 (``full.W/...``, a
    Queue's bit set while it is not full).  A notifier's empty bit is set while it is not
    empty, and for a Queue made by elements/standard/queue.c (its C defines
    ``ELEM(signal_active)``) also while Click's signal would still be active: its state kept as
    Click's NotifierQueue keeps it (elements/standard/queue.c, ``QUEUE_SIGNAL_STATE``: those
    Queues are returned) and a task that listens to it (``listeners``: element name ->
    indices of the tasks its wake reaches, directly or through forwarders) is awake; clickc's
    listeners sleep at once where Click's keep pulling a few times.  The code is empty when the
    signal is busy (the search of :func:`input_signal` or :func:`output_signal` gives up):
    the template then prints ``busy*``."""
    full = port_kind(element.input_kinds, 0) == "push"
    names = output_signal(graph, specs, element, 0) if full else \
        input_signal(graph, specs, element, 0)
    if not names:
        return "", []
    layout = signal_layout(graph, specs, full)
    kind = "full" if full else "empty"
    stateful = [] if full else [n for n in names if _keeps_signal(specs, graph.element(n))]
    words: dict[int, list[tuple[int, str]]] = {}
    for n in names:
        word, bit = layout[n]
        words.setdefault(word, []).append((bit, n))
    lines = [f"static int e{index_of[n]}_{kind}(void);" for n in names]
    lines += [f"static int e{index_of[n]}_signal_active(void);" for n in stateful]
    lines.append("#define NOTIFIER_DEBUG_SIGNAL(out) do { \\")
    lines.append("    uint32_t v_; \\")
    for k, word in enumerate(sorted(words)):
        mask = 0
        lines.append("    v_ = 0; \\")
        for bit, n in sorted(words[word]):
            mask |= 1 << bit
            cond = f"!e{index_of[n]}_{kind}()"
            awake = " || ".join(f"!ck_task_asleep[{t}]" for t in listeners.get(n, ()))
            if n in stateful and awake:
                cond += f" || (e{index_of[n]}_signal_active() && ({awake}))"
            lines.append(f"    if ({cond}) v_ |= {1 << bit:#x}u; \\")
        sep = "+" if k else ""
        lines.append(f'    ck_buf_printf((out), "{sep}{kind}.{word}/%x:%x%s", {mask:#x}u, v_, '
                     'v_ ? "*" : ""); \\')
    lines.append("} while (0)")
    return "\n".join(lines) + "\n", stateful


def _keeps_signal(specs: Any, element: Element) -> bool:
    """Whether ``element``'s C can keep Click's empty-signal state (elements/standard/queue.c:
    it defines ``ELEM(signal_active)``); False when ``specs`` has no C facts."""
    c_facts = getattr(specs, "c_facts", None)
    facts = c_facts(element.class_name) if c_facts is not None else None
    return bool(facts is not None and facts.defines("signal_active"))
