"""The cost model the parallelizing passes (``pipeline-cut``, ``flow-split``) decide with.

Units: CPU cycles per packet.  An element's cost is, in order of preference:

1. ``ctx.profile[name]`` -- a measured profile, a mapping element name -> cycles/packet;
2. ``--pass-option cost=KEY:CYCLES[,KEY:CYCLES...]`` where KEY is an element name or a class
   name (the element's own name wins);
3. ``ElementSpec.cost`` -- the class's prior (20 cycles unless the spec says otherwise), plus,
   for a class that searches a table (``ElementSpec.table_entries``: the route tables),
   :func:`table_lookup_cycles` of its size.

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

**Calibrated transfers** (docs/passes.md, "The calibrated cost model").  Plans are shaped with
the nominal :data:`TRANSFER_CYCLES` (so a plan does not depend on the minute it was compiled
in), then checked against this machine: :func:`transfer_cycles` prices what really crosses per
packet -- the packet's data lines and header lines going to the consumer, the same lines
coming back when the producer reuses the buffer (returned to its home pool in batches,
runtime/packet.c), the ring slot and the queue's index lines per burst -- from the measured
cross-CPU round trip (:mod:`clickc.passes.machine`).  A parallel plan is kept only when its
busiest thread, re-priced with that figure, is below the serial plan's by
:data:`MIN_PARALLEL_GAIN` (:func:`parallel_pays`).  Without a profile, a route lookup in a
large table is priced from the table's size against the caches (:func:`table_lookup_cycles`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from clickc.elements.registry import SpecSource
from clickc.ir import Element, RouterGraph

from .machine import NOMINAL_GHZ, NOMINAL_XCPU_NS, MachineFacts, cache_facts, machine_facts
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

#: A parallel plan (a cut, tasks that hand packets over across threads) must make the busiest
#: thread at least this much faster than the plan without crossings, priced with the
#: calibrated transfer, or the plan without crossings is kept: with a predicted gain of 5%, a
#: model error of 10% (docs/passes.md) loses at most the 5% issue 23 allows.
MIN_PARALLEL_GAIN = 1.05

#: Cache lines of a ck_packet header (runtime/clickc.h: pointers, lengths, offsets, `next` and
#: the 48-byte annotation area: 136 bytes).
HEADER_LINES = 3.0
#: Lines of the ck_buffer header and the headroom before the data (the 16-byte buffer header
#: and 64 bytes of headroom: one line written back by the producer's allocation).
BUFFER_HEAD_LINES = 1.0
#: Bytes of a packet the elements after a cut typically touch (Ethernet, IP and transport
#: headers): larger payloads are not read by forwarding elements.
TOUCHED_BYTES = 128
#: Packets returned to their home pool per batch (runtime/packet.c, CK_RETURN_BATCH).
RETURN_BATCH = 32
#: The fraction of the line transfers a core waits for in full: the others overlap with work
#: or with each other (out-of-order execution, the hardware prefetcher).  Fitted so that the
#: nominal machine (:data:`~clickc.passes.machine.NOMINAL_XCPU_NS` ns round trip at
#: :data:`~clickc.passes.machine.NOMINAL_GHZ` GHz) pays :data:`TRANSFER_CYCLES` for a 64-byte
#: packet with bursts of 32; docs/passes.md compares it with measured cuts.
OVERLAP = TRANSFER_CYCLES / ((NOMINAL_XCPU_NS / 2 * NOMINAL_GHZ) * (
    2 * (1 + HEADER_LINES) + BUFFER_HEAD_LINES + 2 * (1 / 8) + 2 / 32 + 2 / RETURN_BATCH))


def crossing_lines(packet_bytes: int = 64, burst: int = 32) -> float:
    """Cache lines that move between the two CPUs per packet handed over a cross-thread Queue.

    To the consumer: the touched data lines (``min(packet_bytes, TOUCHED_BYTES)`` in 64-byte
    lines), the header's :data:`HEADER_LINES`, an 8-byte ring slot (1/8 line) and the ring's
    two index lines once per ``burst``.  Back to the producer, when it reuses the buffer: the
    same data and header lines (the consumer wrote them), :data:`BUFFER_HEAD_LINES`, the
    return ring's slot and its index lines once per :data:`RETURN_BATCH`.  Raises ValueError
    for a size or burst below 1."""
    if packet_bytes < 1 or burst < 1:
        raise ValueError("packet_bytes and burst must be at least 1")
    data = -(-min(packet_bytes, TOUCHED_BYTES) // 64)
    forward = data + HEADER_LINES + 1 / 8 + 2 / burst
    back = data + HEADER_LINES + BUFFER_HEAD_LINES + 1 / 8 + 2 / RETURN_BATCH
    return forward + back


def transfer_cycles(facts: MachineFacts | None = None, packet_bytes: int = 64,
                    burst: int = 32) -> float:
    """Cycles per packet (both threads together) of handing packets from one CPU to another.

    ``crossing_lines(packet_bytes, burst) * line * OVERLAP``, where ``line`` is one line's
    one-way transfer (half the measured round trip, :attr:`MachineFacts.line_cycles`).
    facts: the machine (default :func:`clickc.passes.machine.machine_facts`, which probes once
    and caches).  On the nominal machine this is :data:`TRANSFER_CYCLES` for 64-byte packets
    in bursts of 32."""
    f = facts if facts is not None else machine_facts()
    return crossing_lines(packet_bytes, burst) * f.line_cycles * OVERLAP


def calibrated_transfer(ctx: PassContext | None = None) -> tuple[float, str]:
    """(cycles per packet handed over, a line saying where the figure comes from) for this
    machine: :func:`transfer_cycles` of :func:`clickc.passes.machine.machine_facts`."""
    f = machine_facts()
    t = transfer_cycles(f)
    return t, (f"calibrated transfer {t:.0f} cycles/packet (round trip {f.xcpu_ns:.0f} ns at "
               f"{f.ghz:.2f} GHz, {f.source})")


def parallel_pays(serial: float, parallel: float, margin: float = MIN_PARALLEL_GAIN) -> bool:
    """Whether a parallel plan whose busiest thread costs ``parallel`` cycles/packet (priced
    with the calibrated transfer) beats ``serial`` (the plan without crossings) by ``margin``."""
    return parallel > 0 and serial >= parallel * margin


#: Bytes of DIR-24-8's first level (2**24 entries of 2 bytes: runtime/lpm.h) and of one
#: second-level group (256 entries of 2 bytes).
TBL24_BYTES = (1 << 24) * 2
TBL8_GROUP_BYTES = 256 * 2
#: Latencies in cycles of a load served by L2, L3 and memory, a page walk's extra cost, and
#: what an L1-resident lookup costs (AMD EPYC figures; the lookup's share of the caches is
#: :data:`TABLE_CACHE_SHARE`, the rest holds packets, queues and code).
L2_CYCLES = 14.0
L3_CYCLES = 50.0
MEMORY_CYCLES = 260.0
PAGE_WALK_CYCLES = 40.0
TABLE_CACHE_SHARE = 0.5
#: Fraction of routes longer than /24 in an Internet table (they take a tbl8 group).
LONG_PREFIX_SHARE = 0.004
#: Misses one core keeps in flight for independent loads: a vector of lookups issued together
#: (ck_rt_lookup_bulk, the batch pass's vector mode) waits for each miss 1/this as long.
MEMORY_PARALLELISM = 8
#: Data TLB reach for the table: 2 MiB pages (tbl24 is allocated on huge pages) times the
#: second-level TLB's 2 MiB entries.
TLB_REACH = 1024 * (2 << 20)


def table_lookup_cycles(n_routes: int, l2: int | None = None, l3: int | None = None,
                        long_share: float = LONG_PREFIX_SHARE,
                        facts: MachineFacts | None = None) -> float:
    """Memory cycles per lookup in a DIR-24-8 table of ``n_routes`` routes (runtime/lpm.h),
    beyond the lookup's instructions, for destinations spread over the whole table.

    Footprint: the lines of tbl24 the routes cover (one 64-byte line per route, at most the
    32 MiB of tbl24) plus one tbl8 group per route longer than /24 (``long_share``); a
    lookup reads one tbl24 line and, for that share, one tbl8 line.  With the table's share of
    the caches (:data:`TABLE_CACHE_SHARE` of ``l2`` and ``l3``, bytes; default the machine's
    from sysfs, :func:`clickc.passes.machine.cache_facts`: no probe), a uniformly spread
    lookup hits L2 with probability ``min(1, L2'/F)``, else L3 with ``min(1, L3'/F)``, else
    memory; a page walk is added when the footprint exceeds :data:`TLB_REACH`.  A table that
    fits in half of L2 costs 0 here (the element's prior covers it).  Returns cycles (float
    >= 0); raises ValueError for a negative route count.  Source: Gupta, Lin and McKeown,
    "Routing Lookups in Hardware at Memory Access Speeds" (INFOCOM 1998) for the structure;
    the latencies are this module's constants (docs/passes.md)."""
    if n_routes < 0:
        raise ValueError("n_routes must be >= 0")
    if l2 is None or l3 is None:
        f = facts if facts is not None else cache_facts()
        l2 = f.l2 if l2 is None else l2
        l3 = f.l3 if l3 is None else l3
    t24 = min(TBL24_BYTES, n_routes * 64)
    t8 = n_routes * long_share * TBL8_GROUP_BYTES
    footprint = t24 + t8
    c2, c3 = TABLE_CACHE_SHARE * l2, TABLE_CACHE_SHARE * max(l3, l2)
    if footprint <= c2:
        return 0.0
    reads = 1.0 + (long_share if n_routes else 0.0)
    p2 = min(1.0, c2 / footprint)
    p3 = min(1.0, c3 / footprint) - p2 if c3 > c2 else 0.0
    p3 = max(0.0, p3)
    pm = max(0.0, 1.0 - p2 - p3)
    per_read = p2 * L2_CYCLES + p3 * L3_CYCLES + pm * MEMORY_CYCLES
    walk = PAGE_WALK_CYCLES * max(0.0, 1.0 - TLB_REACH / footprint)
    return reads * (per_read + walk)


def overlapped(miss_cycles: float, vector: int) -> float:
    """Cycles per packet left of ``miss_cycles`` when ``vector`` independent lookups are
    issued together (at most :data:`MEMORY_PARALLELISM` misses in flight): the batch pass's
    price of a lookup in vector mode (docs/batching.md "Vector mode")."""
    return miss_cycles / max(1, min(vector, MEMORY_PARALLELISM))


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
    if spec is None:
        return DEFAULT_COST
    entries = spec.table_size(e)
    return float(spec.cost) + (table_lookup_cycles(entries) if entries else 0.0)


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

    def plan(cuts: tuple[int, ...]) -> CutPlan:
        return cut_plan(prefix, costs, cuts, transfer)

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


def cut_plan(prefix: float, costs: Sequence[float], cuts: tuple[int, ...],
             transfer: float = TRANSFER_CYCLES) -> CutPlan:
    """The stages of the pipeline that cuts the chain before each element index in ``cuts``
    (sorted), each stage paying half of ``transfer`` per queue it touches (see
    :func:`best_cut` for ``prefix`` and ``costs``)."""
    n = len(costs)
    pre = [prefix]
    for c in costs:
        pre.append(pre[-1] + c)
    bounds = (0, *cuts, n)
    stages = []
    for k in range(len(bounds) - 1):
        a, b = bounds[k], bounds[k + 1]
        st = pre[b] - (pre[a] if a else 0.0)    # chain[a:b], with the prefix if a == 0
        st += transfer / 2 * ((k > 0) + (k < len(bounds) - 2))
        stages.append(st)
    return CutPlan(cuts, tuple(stages), max(stages))


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
               transfer: float = TRANSFER_CYCLES, weighted: bool = True,
               queued_saving: float = 0.0) -> SplitPlan | None:
    """The split of the chain that replicates the stretch from its first to its last
    element costing at least ``expensive`` cycles (None when no element is that expensive or
    ``replicas`` < 2).  Elements before the stretch stay on the front thread; elements after
    it run on the replicas' threads (they follow the merge without a queue).

    When the replicas need every thread (``replicas >= nthreads``) the front shares a thread
    with replica 0; with ``weighted`` the plan then carries the bucket weights of
    :func:`weighted_split` (replica 0 lighter), else an even split modelled the same way.
    ``weighted`` is for keys with many flows (addresses, 5-tuples): a key with a few values
    (an SA's SPI) puts whole flows in buckets, so its shares are not the buckets' shares.
    ``queued_saving``: cycles per packet a replica behind a queue saves over the same work on
    the front's thread (its Unqueue's burst runs it as vectors: batching.vector_plan), so the
    weights give the queued replicas more of the packets."""
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
    remote = max(transfer / 2, per - queued_saving)
    if weighted:
        weights, b = weighted_split(own, region + rest, remote, replicas, transfer=transfer)
    else:
        weights, b = weighted_split(own, region + rest, remote, replicas, max_buckets=replicas,
                                    transfer=transfer)
    if replicas > nthreads:     # several replicas per thread: the even model above
        return SplitPlan(start, end, replicas, f, per, bottleneck)
    return SplitPlan(start, end, replicas, f, per, b,
                     weights if len(set(weights)) > 1 else ())
