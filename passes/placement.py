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
4. Rings: each push-to-pull element gets ``facts.ring`` ("local": one thread on both sides;
   "spsc": one producer thread and one other consumer thread; "mpsc": several producer threads,
   one consumer; "mpmc": several consumers) and ``facts.producers`` (number of pushing
   threads).
   With ``--adapt`` (``--pass-option placement.adapt=1``) the runtime may move every task
   StaticThreadSched does not place, so the ring is chosen as if each such task ran on a
   thread of its own ("spsc" for one pushing and one pulling task, which stays correct when
   either moves: the runtime hands a task over with a release/acquire pair at a loop
   boundary), and an element reached by several such tasks counts as executed by every
   thread.
5. Every element gets ``facts.thread`` (its task's thread, else the lowest thread executing
   it, else 0) and ``facts.exec_threads`` (sorted threads executing it), each task
   ``facts.task`` (its schedulable kind); the backend turns
   the count into ``ELEMENT_NTHREADS``.  An element executed by several threads whose class
   state (``ElementSpec.state``) needs protection and whose spec names no policy that lets
   several threads share it (``ElementSpec.concurrency``, :attr:`ElementSpec.shareable`; the
   registry checks that exactly those templates have a concurrent form, mentioning
   ``ELEMENT_NTHREADS``) is a compile error that says why (docs/concurrency.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from clickc.elements.spec import SAFE_STATES, ElementSpec
from clickc.ir import Element, RouterGraph

from .costmodel import (
    MIN_PARALLEL_GAIN,
    TRANSFER_CYCLES,
    CostOptions,
    calibrated_transfer,
    element_cost,
    parallel_pays,
)
from .manager import Pass, PassContext, number_at_least_zero, one_of, option, switch
from .profile import Profile
from .threads import Task, ThreadAnalysis, analyze
from .wuwolf import TaskLoad, task_duplication, udfs_mapping

NAME = "placement"
DEFAULT_TOLERANCE = 0.10

#: ``--pass-option placement.strategy=``: SMP Click's cost-sorted greedy (the default), Wu &
#: Wolf's duplication and UDFS mapping, or whichever of the two predicts the smaller makespan.
STRATEGIES = ("greedy", "udfs", "auto")



@dataclass(frozen=True)
class PlacementOptions(CostOptions):
    """``placement``'s ``--pass-option`` settings (dotted: ``placement.NAME``), and the cost
    model's ``cost``."""

    strategy: str = option("greedy", "greedy (SMP Click's cost-sorted greedy), udfs (Wu & "
                           "Wolf's duplication and UDFS mapping) or auto (the smaller "
                           "predicted makespan)", one_of(*STRATEGIES), name="placement.strategy",
                           metavar="|".join(STRATEGIES))
    tolerance: float | None = option(
        None, "how far above the makespan's lower bound a task may go to join its affinity "
        "partner", number_at_least_zero, name="placement.tolerance",
        default_text=f"{DEFAULT_TOLERANCE} (0 with a profile's rates)")
    transfer: float = option(TRANSFER_CYCLES, "cycles to move a packet between threads",
                             number_at_least_zero, name="placement.transfer")
    instances: float | None = option(
        None, "udfs: instances per thread M (N*M in all)", number_at_least_zero,
        name="placement.instances", default_text="the instance count over N, rounded up")
    adapt: bool = option(False, "tasks may move at run time (set by --adapt): rings and "
                         "thread counts allow any thread", switch, name="placement.adapt")


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
        spec = _spec(ctx, e.class_name)
        if spec is None or not spec.assigns_threads or not e.args:
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
    table = ctx.options.of(CostOptions).cost
    own = {e.name: element_cost(e, ctx.registry, profile, table) for e in graph.elements()}
    return {t.element: sum(own[n] for n in t.reach) for t in an.tasks.values()}


def greedy(costs: Mapping[str, float], nthreads: int, fixed: Mapping[str, int],
           affinity: Any, tolerance: float, order: Mapping[str, int] | None = None,
           transfer: float = TRANSFER_CYCLES,
           crossing: Callable[[str, str], float] | None = None,
           ) -> tuple[dict[str, int], list[str]]:
    """SMP Click's cost-sorted greedy placement with affinity (§4.1.1, §4.1.2).

    costs: task -> cycles per packet.  fixed: tasks already assigned (StaticThreadSched);
    they are placed first.  affinity: ``affinity(a, b) -> int``, the Queues through which
    ``a`` and ``b`` hand packets over.  transfer: cycles to move one packet between threads
    (clickc.passes.costmodel.TRANSFER_CYCLES, SMP Click Table 1), charged half to each side
    for every pair of such tasks that ends up on different threads (a packet crosses once,
    whichever of their Queues it takes; with ``crossing(a, b)``, the packets they hand over
    per packet of the cost unit, the charge is ``transfer * crossing(a, b)``, half to each
    side, and pairs with no crossing pay nothing).  Each task, largest
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
                h = half if crossing is None else half * crossing(t, other)
                new[th] += h
                new[oth] += h
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


# -- the workload model: what each task does per second (profile) or per packet (estimates) --

@dataclass
class Workload:
    """Each task's utilization ``u_i`` and service time ``E[S_i]`` (Wu & Wolf's notation).

    measured: from a profile (``u_i`` in packets/s, ``E[S_i]`` in cycles/packet, work
    ``w_i = u_i * E[S_i]`` in cycles/s), else from the cost estimates with ``u_i = 1`` for
    every task (the work is then the per-packet cost sum of the task's reach, the greedy's
    classic cost).  crossing: for each pair of tasks that hand packets over through a Queue
    (sorted names), the packets/s that cross (estimates: the number of such Queues).
    base: packets/s entering the router through its sources (1 for estimates): the greedy
    divides every figure by it, so its costs stay in cycles per router packet.
    """

    loads: dict[str, TaskLoad]
    crossing: dict[tuple[str, str], float]
    measured: bool
    base: float = 1.0
    notes: list[str] = field(default_factory=list)

    def per_packet(self, task: str) -> float:
        """Work of ``task`` in cycles per packet entering the router."""
        return self.loads[task].work / self.base if self.base > 0 else 0.0

    def cross(self, a: str, b: str) -> float:
        """Packets ``a`` and ``b`` hand over per packet entering the router."""
        key = (a, b) if a < b else (b, a)
        v = self.crossing.get(key, 0.0)
        return v / self.base if self.base > 0 else 0.0


def _records(profile: Profile | None) -> Mapping[str, Any]:
    """The profile's element records (with the originals of replicas, see
    :meth:`clickc.passes.profile.Profile.all_records`)."""
    get_all = getattr(profile, "all_records", None)
    recs = get_all() if callable(get_all) else getattr(profile, "elements", None)
    return recs if isinstance(recs, Mapping) else {}


def _record(recs: Mapping[str, Any], graph: RouterGraph, name: str) -> tuple[Any, float]:
    """The profile's record of ``name`` and the share of it this element had: the element's
    own record (share 1), else, for a flow-split replica of a measured element (profiled
    before the split, e.g. with -j 1), the original's record and the replica's share of the
    traffic (``facts.share``, flow-split's weights, else 1 / the replica count: the hash
    is assumed to spread the flows as planned)."""
    if name in recs:
        return recs[name], 1.0
    facts = graph.element(name).facts
    root = facts.replica_of
    if root is not None and root in recs:
        share = facts.share
        if isinstance(share, (int, float)) and 0 < share <= 1:
            return recs[root], float(share)
        groups = graph.facts.replica_groups
        n = len(groups.get(root, ())) or 1
        return recs[root], 1.0 / n
    return None, 1.0


def element_rates(graph: RouterGraph, profile: Profile | None,
                  ) -> tuple[dict[str, float], dict[tuple[str, int], float]]:
    """Packets/s into every element and out of every output port, from ``profile`` (a
    :class:`clickc.passes.profile.Profile`): measured counts over the profiled time where the
    profile has the element (or, for a replica, its original, shared evenly), else what its
    inputs bring (fixed-point iteration over the connections, so loops converge), spread
    evenly over the outputs of a switch and passed whole through a one-output element.
    Returns (element -> packets/s in, (element, port) -> packets/s out); a source's "in" is
    what it emits."""
    dur = float(getattr(profile, "duration_ns", 0) or 0)
    scale = 1e9 / dur if dur > 0 else 0.0
    names = [e.name for e in graph.elements()]
    rin: dict[str, float] = dict.fromkeys(names, 0.0)
    rout: dict[tuple[str, int], float] = {}
    known: set[str] = set()
    nouts = {n: graph.noutputs_used(n) for n in names}
    recs = _records(profile)
    for n in names:
        rec, share = _record(recs, graph, n)
        if rec is None:
            continue
        known.add(n)
        ins = sum(rec.in_packets)
        rin[n] = (ins if graph.inputs(n) else sum(rec.out_packets)) * scale * share
        for port in range(max(nouts[n], len(rec.out_packets))):
            v = rec.out_packets[port] if port < len(rec.out_packets) else 0
            rout[(n, port)] = v * scale * share
    for _ in range(4 * len(names) + 8):
        changed = False
        for n in names:
            if n in known:
                continue
            v = sum(rout.get((c.src, c.sport), 0.0) for c in graph.inputs(n))
            if abs(v - rin[n]) > 1e-9 * max(1.0, v):
                changed = True
            rin[n] = v
            k = max(1, nouts[n])
            for port in range(nouts[n]):
                rout[(n, port)] = v / k
        if not changed:
            break
    return rin, rout


def _push_reach(graph: RouterGraph, task: Task) -> set[str]:
    """Elements of ``task``'s reach that its push calls get to (the rest of the reach is on
    its pull side: every packet the task moves passes there)."""
    seen: set[str] = set()
    todo = [task.element]
    while todo:
        x = todo.pop()
        e = graph.element(x)
        for c in graph.outputs(x):
            kinds = e.output_kinds
            if (kinds[c.sport] if c.sport < len(kinds) else "push") != "push":
                continue
            if c.dst in task.reach and c.dst not in seen:
                seen.add(c.dst)
                todo.append(c.dst)
    return seen


def workload(graph: RouterGraph, ctx: PassContext, an: ThreadAnalysis) -> Workload:
    """The :class:`Workload` of the router's tasks.

    With a profile (``ctx.profile`` a Profile with counts): ``u_i`` is the packets/s the
    task moves (what its source emits, what its pull side pulls); each element of its reach
    gets the task's packets in the measured proportions (push side: from ``u_i`` along the
    push connections, each output port taking its measured share of the element's input,
    iterated to a fixed point so loops such as a tunnel's re-lookup converge; pull side: all
    ``u_i``), and ``w_i`` sums rate times cost (:func:`clickc.passes.costmodel.element_cost`;
    a replica not in the profile costs what its original measured).  A Queue's cost counts
    for its pushers (enqueue) and its pullers (dequeue).  Without one: ``u_i = 1`` and
    ``E[S_i]`` = the task's cost (:func:`task_costs`).
    """
    prof = ctx.profile if isinstance(ctx.profile, Mapping) else None
    has_counts = prof is not None and hasattr(prof, "elements") and \
        float(getattr(prof, "duration_ns", 0) or 0) > 0
    pairs: dict[tuple[str, str], float] = {}
    names = sorted(an.tasks)
    if prof is None or not has_counts:
        costs = task_costs(graph, ctx, an)
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                w = an.affinity(a, b)
                if w:
                    pairs[(a, b)] = float(w)
        return Workload({t: TaskLoad(1.0, c) for t, c in costs.items()}, pairs, False)
    table = ctx.options.of(CostOptions).cost
    cost: dict[str, float] = {}
    for e in graph.elements():
        root = e.facts.replica_of
        if e.name not in prof and root is not None and root in prof:
            cost[e.name] = float(prof[root])
        else:
            cost[e.name] = element_cost(e, ctx.registry, prof, table)
    rin, rout = element_rates(graph, prof)
    loads: dict[str, TaskLoad] = {}
    into: dict[str, dict[str, float]] = {}   # task -> queue it fills -> packets/s
    base = 0.0
    for t in an.tasks.values():
        u = rin[t.element]
        if not graph.inputs(t.element):
            base += u
        pushed = _push_reach(graph, t)
        r: dict[str, float] = {t.element: u}
        frac: dict[tuple[str, int], float] = {}
        for x in pushed | {t.element}:
            for c in graph.outputs(x):
                frac[(x, c.sport)] = (rout.get((x, c.sport), 0.0) / rin[x] if rin[x] > 0
                                      else 0.0)
        for _ in range(4 * len(pushed) + 8):
            new = {x: 0.0 for x in pushed}
            new[t.element] = u
            for x in pushed | {t.element}:
                for c in graph.outputs(x):
                    if c.dst in pushed:
                        new[c.dst] += r.get(x, 0.0) * frac.get((x, c.sport), 0.0)
            done = all(abs(new[x] - r.get(x, 0.0)) <= 1e-9 * max(1.0, new[x]) for x in new)
            r = new
            if done:
                break
        for x in t.reach - pushed - {t.element}:
            r[x] = u
        work = sum((r.get(x, 0.0) * cost[x] for x in t.reach), 0.0)
        # a queue this task both drains and (through a loop) fills: its dequeues count too
        work += sum((u * cost[q] for q in t.drains & pushed), 0.0)
        own = sum((cost[x] for x in t.reach), 0.0)
        loads[t.element] = TaskLoad(u, work / u) if u > 0 else TaskLoad(0.0, own)
        into[t.element] = {q: r.get(q, 0.0) for q in t.fills}
    for a in names:
        for q, rate in into[a].items():
            pullers = [b for b in names if q in an.tasks[b].drains and b != a]
            for b in pullers:
                key = (a, b) if a < b else (b, a)
                pairs[key] = pairs.get(key, 0.0) + rate / len(pullers)
    return Workload(loads, pairs, True, base if base > 0 else 1.0)


def predicted_loads(wl: Workload, place: Mapping[str, int], nthreads: int,
                    transfer: float) -> list[float]:
    """Per-thread load of a placement in cycles per router packet: each task's work, plus
    half of ``transfer`` per handed-over packet on each side of a pair on two threads."""
    load = [0.0] * nthreads
    for t in wl.loads:
        load[place.get(t, 0)] += wl.per_packet(t)
    for (a, b), _ in wl.crossing.items():
        ta, tb = place.get(a, 0), place.get(b, 0)
        if ta != tb:
            h = transfer / 2 * wl.cross(a, b)
            load[ta] += h
            load[tb] += h
    return load


def _replica_group(graph: RouterGraph, task: Task) -> tuple[str, int] | None:
    """(group name, replica index) when ``task`` is one replica of a flow-split region:
    its element or its reach's replicas carry ``facts.replica`` and ``replica_of``."""
    e = graph.element(task.element)
    k = e.facts.replica
    if not isinstance(k, int):
        return None
    roots = sorted({str(graph.element(x).facts.replica_of) for x in task.reach
                    if graph.element(x).facts.replica_of is not None
                    and graph.element(x).facts.replica == k})
    if not roots:
        return None
    return f"{roots[0]}@r*", k


@dataclass
class UdfsPlan:
    """The UDFS strategy's result: task -> thread, the explanation lines, and each logical
    task's duplication degree as Wu & Wolf's Algorithm 2 wants it and as realized."""

    place: dict[str, int]
    lines: list[str]
    wanted: dict[str, int]
    realized: dict[str, int]


def udfs_plan(graph: RouterGraph, ctx: PassContext, an: ThreadAnalysis, wl: Workload,
              nthreads: int, fixed: Mapping[str, int], order: Mapping[str, int]) -> UdfsPlan:
    """Wu & Wolf's allocation (clickc.passes.wuwolf) on the router's tasks.

    Logical tasks: every task, except that the replicas of one flow-split region are one
    task with one instance per replica.  Duplication (Algorithm 2) over ``N * M`` instances
    (``M`` = ``--pass-option placement.instances=M`` per CPU, default the existing instance
    count over N, rounded up) says how many instances each task should have; the realized
    count is what the graph has (flow-split's replicas, which it sizes with
    ``split_replicas``): a source, sink, timer or unsplit path cannot be duplicated here and
    keeps one instance (the explanation says so).  The instances with traffic are mapped by
    UDFS (depth first from the sources along the highest-utilization task edges, equal counts
    per CPU); instances without traffic (timers, idle replicas) then go to the least loaded
    thread.  StaticThreadSched assignments are kept."""
    groups: dict[str, list[tuple[int, str]]] = {}
    logical_of: dict[str, str] = {}
    for t in an.tasks.values():
        g = _replica_group(graph, t)
        name = g[0] if g is not None else t.element
        groups.setdefault(name, []).append((g[1] if g is not None else 0, t.element))
        logical_of[t.element] = name
    for v in groups.values():
        v.sort()
    busy = {t for t, ld in wl.loads.items() if ld.work > 0 and t not in fixed}
    logical: dict[str, TaskLoad] = {}
    for name, members in groups.items():
        u = sum(wl.loads[m].utilization for _, m in members)
        w = sum(wl.loads[m].work for _, m in members)
        logical[name] = TaskLoad(u, w / u if u > 0 else wl.loads[members[0][1]].service)
    realized = {name: len(m) for name, m in groups.items()}
    total = sum(realized.values())
    m_opt = ctx.options.of(PlacementOptions).instances
    per_cpu = math.ceil(total / nthreads)
    if m_opt is not None:
        per_cpu = max(1, int(m_opt))
    wanted = task_duplication(logical, nthreads * per_cpu)
    lines = [f"udfs: Wu & Wolf duplication over N*M = {nthreads}*{per_cpu} instances "
             f"(u_i packets/s, E[S_i] cycles/packet, w_i cycles/s)" if wl.measured else
             f"udfs: Wu & Wolf duplication over N*M = {nthreads}*{per_cpu} instances "
             "(no profile: u_i = 1, E[S_i] = estimated cycles/packet)"]
    for name in sorted(groups, key=lambda n: order.get(groups[n][0][1], 0)):
        ld = logical[name]
        kind = an.tasks[groups[name][0][1]].kind
        d, r = wanted[name], realized[name]
        if r > 1:
            why = f"{r} flow-split replicas"
            if d >= 2 and d != r:
                why += f" (--pass-option split_replicas={d} would realize d_i={d})"
            elif d < r:
                why += " (Algorithm 2 would keep one instance; flow-split's own choice)"
        elif d > 1:
            why = (f"not replicable, keeps d_i = 1: a {kind}" if kind != "unqueue" else
                   "not replicable, keeps d_i = 1: flow-split did not split its path "
                   "(see its [flow-split] line)")
        else:
            why = "one instance"
        lines.append(f"udfs: {name}: u_i {ld.utilization:.6g}, E[S_i] {ld.service:.6g}, "
                     f"w_i {ld.work:.6g}, d_i {d} wanted, {r} realized: {why}")
    edges: list[tuple[str, str]] = []
    for a in an.tasks.values():
        for b in an.tasks.values():
            if a.element != b.element and a.fills & b.drains:
                la, lb = logical_of[a.element], logical_of[b.element]
                if la != lb and (la, lb) not in edges:
                    edges.append((la, lb))
    # map only instances with traffic; udfs_mapping works on logical tasks' instance counts
    live: dict[str, list[str]] = {}
    for name, members in groups.items():
        inst = [m for _, m in members if m in busy]
        if inst:
            live[name] = inst
    lt = {n: logical[n] for n in live}
    lt_edges = [(a, b) for a, b in edges if a in lt and b in lt]
    entries = [n for n in sorted(lt, key=lambda n: order.get(live[n][0], 0))
               if an.tasks[live[n][0]].kind == "source"]
    mapping = udfs_mapping(lt, lt_edges, {n: len(v) for n, v in live.items()}, nthreads,
                           entries or None) if lt else {}
    place: dict[str, int] = dict(fixed)
    for instance, cpu in sorted(mapping.items(), key=lambda kv: (kv[0].task, kv[0].index)):
        place[live[instance.task][instance.index]] = cpu
    idle = [t for t in an.tasks if t not in place]
    for name in sorted(idle, key=lambda x: order.get(x, 0)):
        now = predicted_loads(wl, place, nthreads, 0.0)
        place[name] = min(range(nthreads), key=lambda th: (now[th], th))
        lines.append(f"udfs: {name} has no traffic: thread {place[name]} (least loaded)")
    for name in sorted(groups, key=lambda n: order.get(groups[n][0][1], 0)):
        cpus = ", ".join(f"{m} -> {place[m]}" for _, m in groups[name])
        lines.append(f"udfs: instances of {name}: {cpus}")
    return UdfsPlan(place, lines, wanted, realized)


def _ring(producers: set[int], consumers: set[int]) -> str:
    if len(producers | consumers) <= 1:
        return "local"
    if len(consumers) > 1:
        return "mpmc"
    return "mpsc" if len(producers) > 1 else "spsc"


def _needs_one_thread(ctx: PassContext, class_name: str) -> bool:
    """Whether an element of ``class_name`` must be executed by one thread only: its state
    kind (``ElementSpec.state``) needs protection and its spec names no concurrent form
    (docs/concurrency.md); unknown classes count as such."""
    spec = _spec(ctx, class_name)
    if spec is None:
        return True
    return spec.state not in SAFE_STATES and not spec.shareable


def exclusive_groups(graph: RouterGraph, ctx: PassContext, an: ThreadAnalysis,
                     fixed: Mapping[str, int]) -> dict[str, str]:
    """{task: the task whose thread it must share} for tasks that reach a common element that
    one thread only may execute (:func:`_needs_one_thread`; e.g. a RED fed both by the source's
    path and by ICMP errors coming back from a pipeline stage).  Tasks are grouped transitively
    (union-find over those elements' reaching tasks); each group's leader is a
    StaticThreadSched task when it has one, else its first task in element order; leaders map
    to nothing.  Tasks StaticThreadSched placed stay where the user put them (two of them on
    different threads remain the compile error of :func:`_check_safety`)."""
    order = {e.name: e.index for e in graph.elements()}
    parent = {t: t for t in an.tasks}

    def root(t: str) -> str:
        while parent[t] != t:
            parent[t] = parent[parent[t]]
            t = parent[t]
        return t

    reachers: dict[str, list[str]] = {}
    for task in an.tasks.values():
        for name in task.reach:
            reachers.setdefault(name, []).append(task.element)
    for name, tasks in sorted(reachers.items()):
        if len(tasks) < 2 or name not in graph:
            continue
        if not _needs_one_thread(ctx, graph.element(name).class_name):
            continue
        for other in tasks[1:]:
            ra, rb = root(tasks[0]), root(other)
            if ra != rb:
                parent[rb] = ra
    members: dict[str, list[str]] = {}
    for t in an.tasks:
        members.setdefault(root(t), []).append(t)
    out: dict[str, str] = {}
    for group in members.values():
        if len(group) < 2:
            continue
        lead = min(group, key=lambda t: (t not in fixed, order.get(t, 0), t))
        for t in group:
            if t != lead and t not in fixed:
                out[t] = lead
    return out


def keep_groups_together(place: dict[str, int], groups: Mapping[str, str]) -> list[str]:
    """Put every task of :func:`exclusive_groups` on its leader's thread (changes ``place`` in
    place); returns explanation lines for the tasks moved."""
    lines: list[str] = []
    for t, lead in sorted(groups.items()):
        if lead in place and place.get(t) != place[lead]:
            lines.append(f"{t} -> thread {place[lead]} (with {lead}: they reach an element "
                         "that one thread only may execute)")
            place[t] = place[lead]
    return lines


def followers(fronts: Mapping[str, str], groups: Mapping[str, str], fixed: Mapping[str, int]
              ) -> tuple[dict[str, str], dict[str, str]]:
    """The tasks placed with another rather than on their own: {task: the task whose thread it
    takes}, chains resolved, and {task: why} for the explanation.  ``fronts``:
    :func:`merge_followers`; ``groups``: :func:`exclusive_groups`; StaticThreadSched's tasks
    (``fixed``) follow nobody."""
    follow = {m: f for m, f in fronts.items() if m not in fixed}
    why = {m: f"behind an OrderMerge: with {f}, the task running its OrderSplit"
           for m, f in follow.items()}
    for t, lead in groups.items():
        if t not in follow:
            follow[t] = lead
            why[t] = f"with {lead}: they reach an element that one thread only may execute"
    for m in list(follow):     # chains (a group's leader that follows a merge's front)
        seen = {m}
        while follow[m] in follow and follow[m] not in seen:
            seen.add(follow[m])
            follow[m] = follow[follow[m]]
        if follow[m] == m:
            del follow[m], why[m]
    return follow, why


def merge_followers(graph: RouterGraph, an: ThreadAnalysis) -> dict[str, str]:
    """{the Unqueue behind an ordered split's OrderMerge: the task that runs its OrderSplit}
    for every ordered split flow-split made (``graph.facts.flow_splits`` entries with
    ``ordered``).  That Unqueue goes to its front's thread: the packets the merge hands on are
    the front's path continued (an output Queue the front also fills stays a local ring, and
    buffers are freed on the thread that allocated them), while the work of the replicas is
    shared at run time by OrderSplit.  The front task is the task other than the Unqueue that
    reaches the OrderSplit (the first in element order; when that task is itself such an
    Unqueue, the task it follows); none: nothing follows."""
    out: dict[str, str] = {}
    order = {e.name: e.index for e in graph.elements()}
    for split in graph.facts.flow_splits:
        if not split.ordered:
            continue
        merge = split.merge
        if merge is None or merge not in graph:
            continue
        muq = [c.dst for c in graph.outputs(merge, 0)]
        if len(muq) != 1 or muq[0] not in an.tasks:
            continue
        fronts = sorted((t for t in an.tasks.values()
                         if t.element != muq[0] and split.switch in t.reach),
                        key=lambda t: order.get(t.element, 0))
        if fronts:
            out[muq[0]] = fronts[0].element
    # a front that itself follows (a split after another split's merge): follow its front
    for m in list(out):
        seen = {m}
        while out[m] in out and out[m] not in seen:
            seen.add(out[m])
            out[m] = out[out[m]]
    return out


def spread_ordered_replicas(graph: RouterGraph, an: ThreadAnalysis, place: dict[str, int],
                            nthreads: int, fixed: Mapping[str, int],
                            follow: Mapping[str, str]) -> list[str]:
    """Put the queued replicas of every ordered split (their Unqueue tasks, ``facts
    .replica``, fed by the split's queues) on threads other than the front's, one each
    while threads last, in replica order: OrderSplit shares the work between replicas at run
    time (the least busy takes the next packet), so a profile's split of the work between them
    only says how that run went; two replicas on one thread would share a CPU for nothing.
    ``follow``: :func:`merge_followers`.  Changes ``place`` in place (not StaticThreadSched's
    tasks); returns explanation lines."""
    lines: list[str] = []
    for split in graph.facts.flow_splits:
        if not split.ordered:
            continue
        merge = split.merge
        muq = ([c.dst for c in graph.outputs(merge, 0)]
               if merge is not None and merge in graph else [])
        front = follow.get(muq[0]) if len(muq) == 1 else None
        if front is None or front not in place:
            continue
        queued = []
        for c in graph.outputs(split.switch):
            q = c.dst
            for qc in graph.outputs(q, 0):
                if qc.dst in an.tasks and qc.dst not in fixed:
                    queued.append(qc.dst)
        f = place[front]
        others = [(f + i) % nthreads for i in range(1, nthreads)] + [f]
        for i, t in enumerate(queued):
            want = others[i % len(others)]
            if place.get(t) != want:
                lines.append(f"{t} -> thread {want} (a queued replica of {split.switch}: "
                             "ordered replicas each get a thread of their own, not the "
                             "front's)")
                place[t] = want
    return lines


def run_placement(graph: RouterGraph, ctx: PassContext) -> None:
    """The ``placement`` pass (see the module docstring).  Reports the thread-safety errors in
    ``ctx.errh`` (the manager then stops); ``--explain`` lines give the costs, loads, choices
    and rings."""
    n = max(1, ctx.nthreads)
    an = analyze(graph, ctx.registry)
    opts = ctx.options.of(PlacementOptions)
    tolerance = opts.tolerance if opts.tolerance is not None else DEFAULT_TOLERANCE
    explicit = static_assignments(graph, ctx)
    fixed: dict[str, int] = {}
    for task in an.tasks.values():
        if task.element in explicit:
            fixed[task.element] = explicit[task.element]
    order = {e.name: e.index for e in graph.elements()}
    groups = exclusive_groups(graph, ctx, an, fixed)
    strategy = opts.strategy
    if n == 1:
        place = {t: 0 for t in an.tasks}
        lines = ["1 thread: every task on thread 0"]
    else:
        transfer = opts.transfer
        wl = workload(graph, ctx, an)
        costs = {t: wl.per_packet(t) for t in an.tasks}
        if wl.measured and opts.tolerance is None:
            # the transfers are charged for the packets actually handed over: the smallest
            # predicted makespan already weighs affinity against balance
            tolerance = 0.0
        if wl.measured:
            source = (f"the profile, weighted by its packet rates (per packet entering the "
                      f"router: {wl.base:.6g} packets/s)")
        elif isinstance(ctx.profile, Mapping):
            source = "the profile"
        else:
            source = "estimates"
        lines = [f"{len(an.tasks)} task(s) on {n} threads; costs in cycles/packet from "
                 f"{source}; tolerance {tolerance:g}; strategy {strategy}"]
        if wl.measured:
            for t in sorted(an.tasks, key=lambda t: order.get(t, 0)):
                ld = wl.loads[t]
                lines.append(f"{t}: u_i {ld.utilization:.6g} packets/s, E[S_i] "
                             f"{ld.service:.6g} cycles/packet, w_i {ld.work:.6g} cycles/s")
        for t, th in sorted(fixed.items(), key=lambda kv: order.get(kv[0], 0)):
            lines.append(f"{t} cost {costs[t]:g} -> thread {th} (StaticThreadSched)")
        crossing = wl.cross if wl.measured else None
        fronts = merge_followers(graph, an)
        follow, why_follow = followers(fronts, groups, fixed)
        gcosts = {t: c for t, c in costs.items() if t not in follow}
        for m, f in follow.items():
            gcosts[f] = gcosts.get(f, 0.0) + costs[m]
        gplace, glines = greedy(gcosts, n, fixed, an.affinity, tolerance, order, transfer,
                                crossing)
        for m, f in follow.items():
            gplace[m] = gplace[f]
            glines.append(f"{m} -> thread {gplace[f]} ({why_follow[m]})")
        glines += spread_ordered_replicas(graph, an, gplace, n, fixed, fronts)
        gspan = max(predicted_loads(wl, gplace, n, transfer))
        place = gplace
        if strategy == "greedy":
            lines += glines
        else:
            plan = udfs_plan(graph, ctx, an, wl, n, fixed, order)
            for m, f in follow.items():
                if plan.place.get(m) != plan.place.get(f) and f in plan.place:
                    plan.place[m] = plan.place[f]
                    plan.lines.append(f"udfs: {m} -> thread {plan.place[f]} "
                                      f"({why_follow[m]})")
            plan.lines += ["udfs: " + x for x in
                           spread_ordered_replicas(graph, an, plan.place, n, fixed, fronts)]
            uloads = predicted_loads(wl, plan.place, n, transfer)
            uspan = max(uloads)
            lines += plan.lines
            lines.append("udfs: predicted loads per thread (transfers included): "
                         + ", ".join(f"{i}: {x:.6g}" for i, x in enumerate(uloads)))
            if strategy == "udfs":
                place = plan.place
            else:
                lines += ["greedy: " + x for x in glines]
                pick = "udfs" if uspan < gspan * (1 - 1e-9) else "greedy"
                lines.append(f"auto: predicted makespan greedy {gspan:.6g}, udfs {uspan:.6g} "
                             f"cycles/packet: {pick}")
                if pick == "udfs":
                    place = plan.place
        crossing_plan = PlanInputs(gcosts, fixed, tolerance, order, crossing, follow, fronts)
        given = ("placement.transfer" in ctx.options.given)
        place = never_lose(graph, an, wl, n, place, crossing_plan, lines,
                           transfer if given else None)
        # the safety net after every strategy (an ordered split's replicas are spread after
        # the folding above): tasks sharing a one-thread element end on one thread
        lines += keep_groups_together(place, groups)
    for line in lines:
        ctx.note(NAME, line)
    execs = an.executing(place)
    # --adapt (docs/runtime.md, "Adaptive re-balancing"): the runtime may move any task that
    # StaticThreadSched does not place, so rings and the elements' thread counts are chosen
    # as if each such task had a thread of its own (virtual threads n, n+1, ...).
    adapt = n > 1 and opts.adapt
    virt = dict(place)
    vexecs: dict[str, set[int]] = {}
    pinned: set[str] = set()
    if adapt:
        # tasks that share a one-thread element never move (the runtime pins them:
        # ck_router_def.pinned), so that element keeps one thread
        pinned = set(groups) | set(groups.values())
        movable = sorted(t for t in an.tasks if t not in fixed and t not in pinned)
        for i, t in enumerate(movable):
            virt[t] = n + i
        vexecs = an.executing(virt)
        ctx.note(NAME, "--adapt: tasks may move at run time; rings and element thread counts "
                       "allow any thread for " + (", ".join(movable) or "no task"))
        if pinned:
            ctx.note(NAME, "--adapt: pinned (they reach an element that one thread only may "
                           "execute): " + ", ".join(sorted(pinned)))
    for e in graph.elements():
        threads = sorted(execs.get(e.name, set()))
        if adapt and len(vexecs.get(e.name, set())) > 1:
            threads = list(range(n))
        e.facts.exec_threads = threads
        e.facts.thread = place.get(e.name, threads[0] if threads else 0)
        if e.name in an.tasks:
            e.facts.task = an.tasks[e.name].kind
            e.facts.pinned = e.name in pinned
    for q in an.queues:
        prod, cons = an.producers(q, virt), an.consumers(q, virt)
        e = graph.element(q)
        e.facts.ring = _ring(prod, cons)
        e.facts.producers = min(len(prod), n)
        if n > 1:
            prod, cons = an.producers(q, place), an.consumers(q, place)
            ctx.note(NAME, f"{q} :: {e.class_name}: ring {e.facts.ring}, producers "
                           f"{sorted(prod)} -> consumers {sorted(cons)}")
    _check_safety(graph, ctx)


@dataclass(frozen=True)
class PlanInputs:
    """What :func:`run_placement` planned the greedy placement from (for :func:`never_lose`
    to plan the alternative the same way): the costs with followers folded in, the
    StaticThreadSched tasks, the tolerance, the tie-break order, the measured crossings, the
    merge followers and the ordered splits' fronts."""

    costs: Mapping[str, float]
    fixed: Mapping[str, int]
    tolerance: float
    order: Mapping[str, int]
    crossing: Callable[[str, str], float] | None
    follow: Mapping[str, str]
    fronts: Mapping[str, str]


#: The transfer charge that makes the greedy keep every pair that hands packets over on one
#: thread wherever it can (the plan without crossings of :func:`never_lose`).
_NO_CROSSING = 1e9


def never_lose(graph: RouterGraph, an: ThreadAnalysis, wl: Workload, n: int,
               place: dict[str, int], inputs: PlanInputs, lines: list[str],
               transfer: float | None = None) -> dict[str, int]:
    """Keep ``place`` only when it pays on this machine (issue 23).

    When tasks that hand packets over sit on different threads, the placement is priced again
    (as the greedy prices it: each pair on two threads pays half a transfer on each side per
    packet it hands over, one packet per pair with estimates) with the calibrated transfer
    (:func:`clickc.passes.costmodel.calibrated_transfer`) and compared with the best placement
    without such crossings (the greedy with a prohibitive transfer charge: pairs stay together,
    independent paths still spread; when packets still cross there, as between an ordered
    split's replicas, ``place`` is kept); the crossing plan is kept when its busiest thread is
    below the other's by
    :data:`~clickc.passes.costmodel.MIN_PARALLEL_GAIN`, else the other is returned.  A
    ``transfer`` the user gave (``--pass-option placement.transfer``) replaces the calibrated
    figure.  Appends the decision to ``lines``."""
    def crosses(a: str, b: str) -> float:
        # as the greedy charges: measured packets handed over, else one packet per pair
        return wl.cross(a, b) if wl.measured else min(1.0, wl.cross(a, b))

    def span_of(pl: Mapping[str, int], transfer: float) -> float:
        load = [0.0] * n
        for t in wl.loads:
            load[pl.get(t, 0)] += wl.per_packet(t)
        for a, b in wl.crossing:
            if pl.get(a, 0) != pl.get(b, 0):
                for th in (pl.get(a, 0), pl.get(b, 0)):
                    load[th] += transfer / 2 * crosses(a, b)
        return max(load)

    crossed = sum(crosses(a, b) for a, b in wl.crossing if place.get(a, 0) != place.get(b, 0))
    if crossed <= 0:
        return place
    alt, _ = greedy(inputs.costs, n, inputs.fixed, an.affinity, inputs.tolerance, inputs.order,
                    _NO_CROSSING, inputs.crossing)
    for m, f in inputs.follow.items():
        alt[m] = alt[f]
    spread_ordered_replicas(graph, an, alt, n, inputs.fixed, inputs.fronts)
    if any(alt.get(a, 0) != alt.get(b, 0) and crosses(a, b) > 0 for a, b in wl.crossing):
        return place    # packets cross threads either way (ordered replicas): not this check's
    cal, source = calibrated_transfer()
    if transfer is not None:
        cal, source = transfer, f"transfer of {transfer:g} cycles given by placement.transfer"
    span = span_of(place, cal)
    aspan = span_of(alt, cal)
    if alt == place or parallel_pays(aspan, span):
        lines.append(f"never-lose check: {crossed:.3g} packets/packet cross threads; busiest "
                     f"thread {span:.6g} cycles/packet against {aspan:.6g} without crossings, "
                     f"with the {source}: kept")
        return place
    lines.append(f"never-lose check: {crossed:.3g} packets/packet cross threads; busiest thread "
                 f"{span:.6g} cycles/packet against {aspan:.6g} without crossings, with the "
                 f"{source}: gain under {MIN_PARALLEL_GAIN}x, the placement without crossings "
                 "is taken: " + ", ".join(f"{t} -> {th}" for t, th in sorted(alt.items())))
    return alt


def _check_safety(graph: RouterGraph, ctx: PassContext) -> None:
    """Errors for elements executed by several threads that cannot be (docs/concurrency.md)."""
    for e in graph.elements():
        threads: list[int] = e.facts.exec_threads or []
        if len(threads) < 2:
            continue
        spec = _spec(ctx, e.class_name)
        state = spec.state if spec is not None else "shared"
        ts = ", ".join(str(t) for t in threads)
        if state in SAFE_STATES:
            continue
        if spec is not None and spec.shareable:
            ctx.note(NAME, f"{e.name} :: {e.class_name} runs on threads {ts} "
                           f"(state '{state}': its template's concurrent form)")
            continue
        why = _WHY.get(state, f"its state kind '{state}' has no safe concurrent form")
        ctx.errh.error(e.landmark, f"'{e.name} :: {e.class_name}' would run on threads {ts}, "
                                   f"but {why}; place the tasks that reach it on one thread "
                                   f"(StaticThreadSched) or give it one path per thread")


def element_threads(e: Element) -> int:
    """``ELEMENT_NTHREADS`` of an element: how many threads execute it (at least 1)."""
    return max(1, len(e.facts.exec_threads or []))


PASSES = [
    Pass(NAME, "place tasks on the -j threads (StaticThreadSched, else SMP Click's cost-sorted "
               "greedy with affinity), choose Queue rings, check element state sharing",
         run_placement, provides=("placement",), options=PlacementOptions),
]
