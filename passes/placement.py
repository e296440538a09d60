"""The ``placement`` pass: which thread runs each task, which ring each Queue needs, and
whether every element executed by several threads is safe there.

Algorithm (docs/passes.md, "placement"):

1. Tasks and their reach come from :mod:`clickc.passes.threads`.
2. Explicit ``StaticThreadSched(ELEMENT THREAD, ...)`` assignments win (Click's
   elements/threads/staticthreadsched.cc: ELEMENT is looked up from the StaticThreadSched's
   compound context, then as a compound prefix; a THREAD outside ``[-1, N)`` is warned about
   and becomes 0).  Timer-driven elements (``schedulable="timer"``) are tasks like the others:
   the runtime runs an element's timers on its thread.
3. The other tasks are placed by SMP Click's cost-sorted greedy (Chen and Morris, "Flexible
   Control of Parallelism in a Multiprocessor PC Router", USENIX ATC 2001, §4.1.1; Graham's
   LPT rule): each task's cost C_e is the cycles per packet of the work it drives (the sum of
   the per-element costs of its reach, from clickc.passes.costmodel: ``ctx.profile[name]``,
   ``--pass-option cost=``, else ``ElementSpec.cost``); tasks go largest first onto the least
   loaded thread.  Affinity (§4.1.2): tasks that hand packets over (one fills a Queue the other
   drains) touch the same packets.  Splitting them has a price: every packet they hand over
   crosses CPUs, ``TRANSFER_CYCLES`` (clickc.passes.costmodel, from SMP Click Table 1;
   ``--pass-option placement.transfer=CYCLES``) charged half to each side, so each task goes
   to the thread where the busiest thread's load (the makespan, transfers included) ends up
   smallest, which keeps a cheap producer/consumer pair together.  When that is not the thread
   of its strongest placed partner, the task still joins the partner when the balance allows:
   when the makespan there stays within ``(1 + tolerance) * LB``, LB = max(total cost / N,
   largest task cost) being the lower bound on any placement's busiest thread.  ``tolerance``
   is 0.10 unless ``--pass-option placement.tolerance=X`` says otherwise.
4. Rings: each push-to-pull element gets ``attrs["ring"]`` ("local": one thread on both sides;
   "spsc": one producer thread and one other consumer thread; "mpsc": several producer threads,
   one consumer; "mpmc": several consumers) and ``attrs["producers"]`` (number of pushing
   threads).
   With ``--adapt`` (``--pass-option placement.adapt=1``) the runtime may move every task
   StaticThreadSched does not place, so the ring is chosen as if each such task ran on a
   thread of its own ("spsc" for one pushing and one pulling task, which stays correct when
   either moves: the runtime hands a task over with a release/acquire pair at a loop
   boundary), and an element reached by several such tasks counts as executed by every
   thread.
5. Every element gets ``attrs["thread"]`` (its task's thread, else the lowest thread executing
   it, else 0) and ``attrs["exec_threads"]`` (sorted threads executing it), each task
   ``attrs["task"]`` (its schedulable kind); the backend turns
   the count into ``ELEMENT_NTHREADS``.  An element executed by several threads whose class
   state (``ElementSpec.state``) needs protection and whose C template has no concurrent form
   (the template does not mention ``ELEMENT_NTHREADS``) is a compile error that says why
   (docs/concurrency.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from clickc.elements.spec import ElementSpec
from clickc.ir import Element, RouterGraph

from .costmodel import TRANSFER_CYCLES, check_cost_option, element_cost
from .manager import Pass, PassContext
from .threads import ThreadAnalysis, analyze

NAME = "placement"
DEFAULT_TOLERANCE = 0.10

#: State kinds that are safe on several threads without anything from the template.
SAFE_STATES = ("none", "readonly", "queue")

#: Why each unsafe state kind cannot simply be shared (the compile error's explanation).
_WHY = {
    "counters": "its counters would be updated by several threads at once",
    "per-flow": "its flow table would be modified by several threads at once",
    "shared": "its state is shared and its C template has no lock",
}


def _spec(ctx: PassContext, class_name: str) -> ElementSpec | None:
    try:
        s: ElementSpec | None = ctx.registry.get(class_name)
    except KeyError:
        return None
    return s


def _template_is_concurrent(ctx: PassContext, class_name: str) -> bool:
    """Whether the class's C template handles concurrent execution itself: it (or an element
    file it includes, other than the helpers in standard/ckstat.h) mentions
    ``ELEMENT_NTHREADS``, saying what it does when the macro is above 1 (per-thread copies,
    atomics or a lock)."""
    c_file = getattr(ctx.registry, "c_file", None)
    if c_file is None:
        return False
    try:
        path = c_file(class_name)
    except KeyError:
        return False
    if path is None or not path.is_file():
        return False
    from clickc.backend.model import template_text
    from clickc.backend.resources import elements_dir

    text = template_text(path)
    helpers = elements_dir() / "standard" / "ckstat.h"
    if helpers.is_file():  # the helpers mention the macro; including them is not enough
        text = text.replace(helpers.read_text(encoding="utf-8", errors="replace"), "")
    return "ELEMENT_NTHREADS" in text


def _find(graph: RouterGraph, context: str, name: str) -> list[str]:
    """Elements ``name`` designates when written inside the compound ``context`` (the
    StaticThreadSched's own name): Click's Router::find (the name in the innermost enclosing
    compound, then outward), else every element under the compound prefix ``name/``."""
    prefix = context[:context.rfind("/") + 1]
    while True:
        if prefix + name in graph:
            return [prefix + name]
        if not prefix:
            break
        prefix = prefix[:prefix.rfind("/", 0, len(prefix) - 1) + 1]
    full = context[:context.rfind("/") + 1] + name + "/"
    return [e.name for e in graph.elements() if e.name.startswith(full)]


def static_assignments(graph: RouterGraph, ctx: PassContext) -> dict[str, int]:
    """``StaticThreadSched`` preferences: element name -> thread, later assignments winning
    (Click applies them in order).  A thread outside ``[-1, nthreads)`` gets Click's warning
    ``thread preference N out of range`` and becomes 0 (-1, Click's "no thread", also runs on
    thread 0 here, with a warning)."""
    out: dict[str, int] = {}
    for e in graph.elements():
        if e.class_name != "StaticThreadSched" or not e.args:
            continue
        warned = False
        for ename, pref in e.args.get("THREADS", []):
            if pref < -1 or pref >= ctx.nthreads or pref == -1:
                if not warned:
                    ctx.errh.message(e.landmark, f"While configuring '{e.name} :: "
                                                 f"{e.class_name}':")
                    warned = True
                if pref == -1:
                    ctx.errh.message(None, "  warning: thread preference -1 (no thread) is "
                                           "not supported by clickc; using thread 0")
                else:
                    ctx.errh.message(None, f"  warning: thread preference {pref} out of range")
                ctx.errh.nwarnings += 1
                pref = 0
            for target in _find(graph, e.name, str(ename)):
                out[target] = pref
    return out


def task_costs(graph: RouterGraph, ctx: PassContext, an: ThreadAnalysis) -> dict[str, float]:
    """Each task's cost in cycles per packet: the sum over its reach of each element's cost
    from the shared cost model (:func:`clickc.passes.costmodel.element_cost`:
    ``ctx.profile[element name]``, else ``--pass-option cost=KEY:CYCLES``, else
    ``ElementSpec.cost``).  ``ctx.profile`` is a mapping element name -> cycles per packet
    spent in that element (docs/passes.md); anything else is ignored with a warning."""
    profile: Mapping[str, float] | None = None
    if ctx.profile is not None:
        if isinstance(ctx.profile, Mapping):
            profile = ctx.profile
        else:
            ctx.errh.warning(None, "placement: the profile is not a mapping of element names "
                                   "to cycles per packet; using estimates")
    options = ctx.options if check_cost_option(ctx) else {}
    own = {e.name: element_cost(e, ctx.registry, profile, options) for e in graph.elements()}
    return {t.element: sum(own[n] for n in t.reach) for t in an.tasks.values()}


def _number_option(ctx: PassContext, key: str, default: float) -> float:
    """``--pass-option key=X``, a number 0 or more; a bad value is an error (the user asked
    for it) and the default is used."""
    text = ctx.options.get(key)
    if text is None:
        return default
    try:
        v = float(text)
    except ValueError:
        v = -1.0
    if not v >= 0:  # also rejects NaN
        ctx.errh.error(None, f"--pass-option {key}={text}: expected a number 0 or more")
        return default
    return v


def greedy(costs: Mapping[str, float], nthreads: int, fixed: Mapping[str, int],
           affinity: Any, tolerance: float, order: Mapping[str, int] | None = None,
           transfer: float = TRANSFER_CYCLES) -> tuple[dict[str, int], list[str]]:
    """SMP Click's cost-sorted greedy placement with affinity (§4.1.1, §4.1.2).

    costs: task -> cycles per packet.  fixed: tasks already assigned (StaticThreadSched);
    they are placed first.  affinity: ``affinity(a, b) -> int``, the Queues through which
    ``a`` and ``b`` hand packets over.  transfer: cycles to move one packet between threads
    (clickc.passes.costmodel.TRANSFER_CYCLES, SMP Click Table 1), charged half to each side
    for every pair of such tasks that ends up on different threads (a packet crosses once,
    whichever of their Queues it takes).  Each task, largest
    first, goes where the busiest thread's load (the makespan) ends up smallest (ties: the
    least loaded thread, then the lowest number): with no partners placed that is the least
    loaded thread, as in §4.1.1.  When that is not the thread of its strongest placed
    partner, the task still goes to the partner's thread if the makespan there stays within
    ``(1 + tolerance) * LB``, LB = max(total cost / N, largest cost) (module docstring).
    order: tie-break rank (declaration index) so the result is deterministic.  Returns (task
    -> thread, explanation lines).
    """
    rank = order or {}
    half = transfer / 2
    load = [0.0] * nthreads
    place: dict[str, int] = {}
    lines: list[str] = []

    def loads_if(t: str, th: int) -> list[float]:
        new = list(load)
        new[th] += costs[t]
        for other, oth in place.items():
            if oth != th and affinity(t, other):  # each packet crosses once, whatever queue
                new[th] += half
                new[oth] += half
        return new

    for t, th in sorted(fixed.items(), key=lambda kv: (rank.get(kv[0], 0), kv[0])):
        if t in costs:
            load = loads_if(t, th)
            place[t] = th
    free = sorted((t for t in costs if t not in place),
                  key=lambda t: (-costs[t], rank.get(t, 0), t))
    total = sum(costs.values())
    bound = max(total / nthreads if nthreads else total, max(costs.values(), default=0.0))
    limit = (1.0 + tolerance) * bound
    for t in free:
        c = costs[t]
        options = {th: loads_if(t, th) for th in range(nthreads)}
        best = min(range(nthreads), key=lambda th: (max(options[th]), options[th][th], th))
        partners: dict[int, int] = {}
        for other, th in place.items():
            w = affinity(t, other)
            if w:
                partners[th] = partners.get(th, 0) + w
        choice = best
        if not partners:
            why = "least loaded"
        else:
            aff = max(partners, key=lambda th: (partners[th], -load[th], -th))
            span_aff, span_best = max(options[aff]), max(options[best])
            if aff == best:
                why = (f"with its affinity partners; makespan {span_aff:g}"
                       + (f" vs {max(max(options[th]) for th in options if th != aff):g} "
                          "elsewhere (transfers included)" if nthreads > 1 else ""))
            elif span_aff <= limit:
                choice = aff
                why = (f"affinity: makespan {span_aff:g} <= limit {limit:g} "
                       f"(thread {best} would give {span_best:g})")
            else:
                why = (f"balance: makespan {span_best:g}; its affinity thread {aff} "
                       f"would give {span_aff:g} > limit {limit:g}")
        load = options[choice]
        place[t] = choice
        lines.append(f"{t} cost {c:g} -> thread {choice} ({why}); loads "
                     + "/".join(f"{x:g}" for x in load))
    lines.append("loads per thread (transfers included): "
                 + ", ".join(f"{i}: {x:g}" for i, x in enumerate(load)))
    return place, lines


def _ring(producers: set[int], consumers: set[int]) -> str:
    if len(producers | consumers) <= 1:
        return "local"
    if len(consumers) > 1:
        return "mpmc"
    return "mpsc" if len(producers) > 1 else "spsc"


def run_placement(graph: RouterGraph, ctx: PassContext) -> None:
    """The ``placement`` pass (see the module docstring).  Reports the thread-safety errors in
    ``ctx.errh`` (the manager then stops); ``--explain`` lines give the costs, loads, choices
    and rings."""
    n = max(1, ctx.nthreads)
    an = analyze(graph, ctx.registry)
    tolerance = _number_option(ctx, "placement.tolerance", DEFAULT_TOLERANCE)
    costs = task_costs(graph, ctx, an)
    explicit = static_assignments(graph, ctx)
    fixed: dict[str, int] = {}
    for task in an.tasks.values():
        if task.element in explicit:
            fixed[task.element] = explicit[task.element]
    order = {e.name: e.index for e in graph.elements()}
    if n == 1:
        place = {t: 0 for t in an.tasks}
        lines = ["1 thread: every task on thread 0"]
    else:
        source = "the profile" if isinstance(ctx.profile, Mapping) else "estimates"
        lines = [f"{len(an.tasks)} task(s) on {n} threads; costs in cycles/packet from "
                 f"{source}; tolerance {tolerance:g}"]
        for t, th in sorted(fixed.items(), key=lambda kv: order.get(kv[0], 0)):
            lines.append(f"{t} cost {costs[t]:g} -> thread {th} (StaticThreadSched)")
        place, more = greedy(costs, n, fixed, an.affinity, tolerance, order,
                             _number_option(ctx, "placement.transfer", TRANSFER_CYCLES))
        lines += more
    for line in lines:
        ctx.note(NAME, line)
    execs = an.executing(place)
    # --adapt (docs/runtime.md, "Adaptive re-balancing"): the runtime may move any task that
    # StaticThreadSched does not place, so rings and the elements' thread counts are chosen
    # as if each such task had a thread of its own (virtual threads n, n+1, ...).
    adapt = n > 1 and ctx.options.get("placement.adapt") == "1"
    virt = dict(place)
    vexecs: dict[str, set[int]] = {}
    if adapt:
        for i, t in enumerate(sorted(t for t in an.tasks if t not in fixed)):
            virt[t] = n + i
        vexecs = an.executing(virt)
        ctx.note(NAME, "--adapt: tasks may move at run time; rings and element thread counts "
                       "allow any thread for "
                       + (", ".join(sorted(t for t in an.tasks if t not in fixed)) or "no task"))
    for e in graph.elements():
        threads = sorted(execs.get(e.name, set()))
        if adapt and len(vexecs.get(e.name, set())) > 1:
            threads = list(range(n))
        e.attrs["exec_threads"] = threads
        e.attrs["thread"] = place.get(e.name, threads[0] if threads else 0)
        if e.name in an.tasks:
            e.attrs["task"] = an.tasks[e.name].kind
    for q in an.queues:
        prod, cons = an.producers(q, virt), an.consumers(q, virt)
        e = graph.element(q)
        e.attrs["ring"] = _ring(prod, cons)
        e.attrs["producers"] = min(len(prod), n)
        if n > 1:
            prod, cons = an.producers(q, place), an.consumers(q, place)
            ctx.note(NAME, f"{q} :: {e.class_name}: ring {e.attrs['ring']}, producers "
                           f"{sorted(prod)} -> consumers {sorted(cons)}")
    _check_safety(graph, ctx)


def _check_safety(graph: RouterGraph, ctx: PassContext) -> None:
    """Errors for elements executed by several threads that cannot be (docs/concurrency.md)."""
    for e in graph.elements():
        threads: list[int] = e.attrs.get("exec_threads", [])
        if len(threads) < 2:
            continue
        spec = _spec(ctx, e.class_name)
        state = spec.state if spec is not None else "shared"
        ts = ", ".join(str(t) for t in threads)
        if state in SAFE_STATES:
            continue
        if _template_is_concurrent(ctx, e.class_name):
            ctx.note(NAME, f"{e.name} :: {e.class_name} runs on threads {ts} "
                           f"(state '{state}': its template's concurrent form)")
            continue
        why = _WHY.get(state, f"its state kind '{state}' has no safe concurrent form")
        ctx.errh.error(e.landmark, f"'{e.name} :: {e.class_name}' would run on threads {ts}, "
                                   f"but {why}; place the tasks that reach it on one thread "
                                   f"(StaticThreadSched) or give it one path per thread")


def element_threads(e: Element) -> int:
    """``ELEMENT_NTHREADS`` of an element: how many threads execute it (at least 1)."""
    return max(1, len(e.attrs.get("exec_threads", [])))


PASSES = [
    Pass(NAME, "place tasks on the -j threads (StaticThreadSched, else SMP Click's cost-sorted "
               "greedy with affinity), choose Queue rings, check element state sharing",
         run_placement, provides=("placement",)),
]
