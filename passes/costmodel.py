"""The cost model the parallelizing passes (``pipeline-cut``, ``flow-split``) decide with.

Units: CPU cycles per packet.  An element's cost is, in order of preference:

1. ``ctx.profile[name]`` -- a measured profile, a mapping element name -> cycles/packet;
2. ``--pass-option cost=KEY:CYCLES[,KEY:CYCLES...]`` where KEY is an element name or a class
   name (the element's own name wins);
3. ``ElementSpec.cost`` -- the class's prior (20 cycles unless the spec says otherwise).

Moving a packet from one CPU to another (a ``Queue`` pushed on one thread and pulled on
another) costs :data:`TRANSFER_CYCLES`, charged half to each side.

Throughput of a plan is modelled by its bottleneck: the most cycles one thread spends per
packet it handles.  A path left alone costs the sum of its elements on one thread; a pipeline
of k stages costs its largest stage (each stage pays half a transfer per queue it touches); a
flow split into n replicas costs the larger of the front part (up to and including the
HashSwitch, plus half a transfer) and the replicated work spread over n threads; when the
front has to share a thread with one replica (n replicas on n threads), the split is
*weighted*: the HashSwitch gets K hash buckets (outputs) and that replica fewer of them, so the
front's work plus its replica's share balances the other replicas' shares
(:func:`weighted_split`).  A pass acts only when its plan's bottleneck is at most the unchanged
path's divided by :data:`MIN_GAIN`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clickc.elements.registry import SpecSource
from clickc.ir import Element, RouterGraph

from .manager import PassContext, option

#: Cycles to move one packet between CPUs through a Queue (enqueue on one CPU, dequeue, the packet's
#: and the queue's cache lines on the other).  SMP Click (Chen and Morris, USENIX 2001, Table 1;
#: docs/passes.md) measures 3.50 us of CPU time per forwarded packet on one CPU and 4.18 us on two
#: CPUs, where packets cross from the pushing to the pulling CPU (Push and Pull lines grow most,
#: with the bus operations of Table 2); the 0.68 us difference at their 500 MHz is 340 cycles.
#: Modern cores pay a similar absolute price per cross-core cache-line transfer (the packet
#: descriptor, its header lines and the ring slot), so the cycle figure stands.
TRANSFER_CYCLES = 340.0

#: Cycles a HashSwitch spends choosing the replica (a few loads and adds).
HASH_CYCLES = 20.0

#: A rewrite must make the bottleneck at least this much smaller to be applied: below it the
#: gain is inside the model's error (the paper's cut of the plain IP path lost).
MIN_GAIN = 1.25

#: flow-split leaves a path to pipeline-cut unless the split's bottleneck is smaller than the
#: best cut's by this factor: a cut adds one queue and keeps every element single, a split
#: multiplies elements and state (SMP Click uses splits where one element dominates, §2.3).
PREFER_CUT = 1.10

#: Cost of a class that has no spec (unknown to clickc).
DEFAULT_COST = 20.0


def element_cost(e: Element, registry: SpecSource, profile: Mapping[str, float] | None = None,
                 costs: Mapping[str, float] | None = None) -> float:
    """Cycles/packet for element ``e`` (see the module docstring for the order of sources).
    costs: the ``--pass-option cost=`` table (:attr:`CostOptions.cost`), KEY -> cycles.
    A flow-split replica (``facts.replica_of``) without figures of its own costs what its
    original does (profiles and ``cost=`` name the elements as written)."""
    names = [e.name]
    root = e.facts.replica_of
    if isinstance(root, str) and root != e.name:
        names.append(root)
    if profile is not None:
        for n in names:
            v = profile.get(n)
            if isinstance(v, (int, float)):
                return float(v)
    if costs:
        for key in (*names, e.class_name):
            if key in costs:
                return costs[key]
    spec = registry.get(e.class_name)
    return float(spec.cost) if spec is not None else DEFAULT_COST


def parse_cost_option(text: str) -> dict[str, float]:
    """``KEY:CYCLES,KEY:CYCLES`` -> {KEY: cycles}.  Raises ValueError on a malformed item
    (the option parser reports it as ``--pass-option cost=...: ...``)."""
    out: dict[str, float] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        key, sep, val = item.rpartition(":")
        if not sep or not key:
            raise ValueError(f"'{item}': expected KEY:CYCLES")
        try:
            v = float(val)
        except ValueError:
            raise ValueError(f"'{item}': '{val}' is not a number") from None
        if v < 0:
            raise ValueError(f"'{item}': cycles must be >= 0")
        out[key] = v
    return out


@dataclass(frozen=True)
class CostOptions:
    """The cost model's setting, declared once and inherited by the options of every pass that
    prices elements (flow-split, pipeline-cut, placement)."""

    cost: Mapping[str, float] | None = option(
        None, "cycles per packet by element name or class (the element's own name wins)",
        parse_cost_option,
        default_text="the profile, else ElementSpec.cost", metavar="KEY:CYCLES[,...]")


def costs_of(graph: RouterGraph, names: Sequence[str], ctx: PassContext) -> list[float]:
    """``element_cost`` of each element in ``names``, with ``ctx``'s profile and its
    ``cost=`` setting."""
    prof = ctx.profile if isinstance(ctx.profile, Mapping) else None
    table = ctx.options.of(CostOptions).cost
    return [element_cost(graph.element(n), ctx.registry, prof, table) for n in names]


@dataclass(frozen=True)
class CutPlan:
    """Stages of a pipeline: ``cuts`` are chain indices i (a Queue+Unqueue goes before
    chain element i); ``stages`` the cycles of each stage; ``bottleneck`` the largest."""

    cuts: tuple[int, ...]
    stages: tuple[float, ...]
    bottleneck: float


def best_cut(prefix: float, costs: Sequence[float], max_stages: int,
             transfer: float = TRANSFER_CYCLES) -> CutPlan:
    """The balanced pipeline of at most ``max_stages`` stages with the smallest bottleneck.

    prefix: cycles spent before the chain on the same thread (the path's source and the
    elements up to the chain); it belongs to stage 1.  costs: the chain's elements in order.
    A cut at i puts a Queue+Unqueue before chain element i (i = 0: between the prefix and the
    chain).  Exhaustive over cut positions for up to 3 stages, else greedy refinement;
    chains are short (tens of elements).  With ``max_stages <= 1`` or an empty chain, the
    plan has no cut.  Source: the linear-partition problem; SMP Click §6.2 (Fig. 14) for the
    transformation.
    """
    total = prefix + sum(costs)
    best = CutPlan((), (total,), total)
    n = len(costs)
    if max_stages <= 1 or n == 0:
        return best
    pre = [prefix]
    for c in costs:
        pre.append(pre[-1] + c)

    def seg(a: int, b: int) -> float:     # cycles of chain[a:b], with the prefix if a == 0
        return pre[b] - (pre[a] if a else 0.0)

    def plan(cuts: tuple[int, ...]) -> CutPlan:
        bounds = (0, *cuts, n)
        stages = []
        for k in range(len(bounds) - 1):
            s = seg(bounds[k], bounds[k + 1])
            s += transfer / 2 * ((k > 0) + (k < len(bounds) - 2))
            stages.append(s)
        return CutPlan(cuts, tuple(stages), max(stages))

    # exhaustive for k = 2, 3 (positions 0..n-1: a cut at 0 separates the prefix)
    for i in range(0, n):
        p = plan((i,))
        if p.bottleneck < best.bottleneck:
            best = p
    if max_stages >= 3:
        for i in range(0, n):
            for j in range(i + 1, n):
                p = plan((i, j))
                if p.bottleneck < best.bottleneck:
                    best = p
    # more stages: add the cut that lowers the bottleneck most, while it does
    while len(best.cuts) + 1 < max_stages:
        improved = best
        for i in range(0, n):
            if i in best.cuts:
                continue
            p = plan(tuple(sorted((*best.cuts, i))))
            if p.bottleneck < improved.bottleneck:
                improved = p
        if improved is best:
            break
        best = improved
    return best


@dataclass(frozen=True)
class SplitPlan:
    """A flow split of chain[start:end] into ``replicas`` copies; ``front`` the cycles/packet
    on the thread that runs the HashSwitch, ``per_replica`` the work of one packet in a
    replica; ``bottleneck`` the model's figure."""

    start: int
    end: int
    replicas: int
    front: float
    per_replica: float
    bottleneck: float
    #: hash buckets (HashSwitch outputs) of each replica, replica 0 first; the replica that
    #: shares the front's thread is replica 0.  () means one bucket each (an even split).
    weights: tuple[int, ...] = ()

    def shares(self) -> tuple[float, ...]:
        """The fraction of the packets each replica gets (uniform hash over the buckets)."""
        w = self.weights or (1,) * self.replicas
        return tuple(x / sum(w) for x in w)


def split_bottleneck(front: float, region: float, rest: float, replicas: int,
                     nthreads: int, transfer: float = TRANSFER_CYCLES) -> tuple[float, float]:
    """(front cycles, bottleneck) of a split: the front thread runs ``front`` + the HashSwitch
    + half a transfer per packet; each packet's replica work is ``region`` + ``rest`` (what
    follows the region on the replica's thread) + half a transfer; the whole work shares
    ``nthreads`` threads at best.  Source: SMP Click §5.3/§6.1 (Fig. 3, Fig. 13)."""
    f = front + HASH_CYCLES + transfer / 2
    per = region + rest + transfer / 2
    total = f + per
    return f, max(f, total / max(1, min(nthreads, replicas + 1)), per / replicas)


#: Most hash buckets (HashSwitch outputs) a weighted split uses: enough for shares in
#: sixteenths, few enough that each bucket still gets many flows.
MAX_BUCKETS = 16


def weighted_split(front: float, local: float, remote: float, replicas: int,
                   max_buckets: int = MAX_BUCKETS,
                   transfer: float = TRANSFER_CYCLES) -> tuple[tuple[int, ...], float]:
    """(bucket weights, bottleneck) of ``replicas`` replicas on as many threads, the front
    sharing a thread with replica 0.

    front: cycles/packet of the front thread's own work (the path up to the split and the
    HashSwitch).  local: one packet's replica work on the front's thread (no transfer);
    remote: one packet's work in a replica on another thread, with its half transfer.  The
    front also pays half a transfer for each packet it hands to another thread.  With shares
    s_k = w_k / K (a uniform hash over K buckets), the front thread costs
    ``front + s_0 * local + (1 - s_0) * transfer / 2`` per router packet and thread k
    ``s_k * remote``; the weights minimize the largest, over K = replicas .. max_buckets
    buckets (ties: fewer buckets, then the even split).  Source: SMP Click §6.1 (Fig. 3) for
    the split; the weighting is the balance front + p*R = (1 - p)*R of issue 8.
    """
    best: tuple[tuple[int, ...], float] | None = None
    for k in range(replicas, max(replicas, max_buckets) + 1):
        for w0 in range(1, k - replicas + 2):
            rest = k - w0
            n = replicas - 1
            others = [rest // n + (1 if i < rest % n else 0) for i in range(n)]
            if min(others) < 1:
                continue
            s0 = w0 / k
            f = front + s0 * local + (1 - s0) * transfer / 2
            b = max(f, max(others) / k * remote)
            if best is None or b < best[1] - 1e-9:
                best = ((w0, *others), b)
    assert best is not None
    return best


def best_split(prefix: float, costs: Sequence[float], replicas: int, nthreads: int,
               expensive: float = TRANSFER_CYCLES,
               transfer: float = TRANSFER_CYCLES, weighted: bool = True) -> SplitPlan | None:
    """The split of the chain that replicates the stretch from its first to its last
    element costing at least ``expensive`` cycles (None when no element is that expensive or
    ``replicas`` < 2).  Elements before the stretch stay on the front thread; elements after
    it run on the replicas' threads (they follow the merge without a queue).

    When the replicas need every thread (``replicas >= nthreads``) the front shares a thread
    with replica 0; with ``weighted`` the plan then carries the bucket weights of
    :func:`weighted_split` (replica 0 lighter), else an even split modelled the same way.
    ``weighted`` is for keys with many flows (addresses, 5-tuples): a key with a few values
    (an SA's SPI) puts whole flows in buckets, so its shares are not the buckets' shares."""
    if replicas < 2:
        return None
    heavy = [i for i, c in enumerate(costs) if c >= expensive]
    if not heavy:
        return None
    start, end = heavy[0], heavy[-1] + 1
    front = prefix + sum(costs[:start])
    region = sum(costs[start:end])
    rest = sum(costs[end:])
    f, bottleneck = split_bottleneck(front, region, rest, replicas, nthreads, transfer)
    per = region + rest + transfer / 2
    if replicas < nthreads:
        return SplitPlan(start, end, replicas, f, per, bottleneck)
    own = front + HASH_CYCLES
    if weighted:
        weights, b = weighted_split(own, region + rest, per, replicas, transfer=transfer)
    else:
        weights, b = weighted_split(own, region + rest, per, replicas, max_buckets=replicas,
                                    transfer=transfer)
    if replicas > nthreads:     # several replicas per thread: the even model above
        return SplitPlan(start, end, replicas, f, per, bottleneck)
    return SplitPlan(start, end, replicas, f, per, b,
                     weights if len(set(weights)) > 1 else ())
