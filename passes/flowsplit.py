"""The ``flow-split`` pass: replicate an expensive region per flow behind a HashSwitch.

SMP Click §2.3 ("Split into separate flows", Fig. 3) and §5.3/§6.1 (Fig. 13): when a push
path holds one expensive element (or a stretch that pipelining cannot balance), a
``HashSwitch`` on a flow key sends each flow to one of N replicas of the region, each behind
its own ``Queue -> Unqueue``, so N threads share the work while the packets of one flow always
take the same replica (per-flow order and per-flow state are kept).  The replicas' outputs
merge where the original region's outputs went (several push connections into one input, as
Click merges push paths).

Priority-preserving replication (SMP Click §6.3, Fig. 10 -> Fig. 16): when the expensive
region sits on a path into a queue that feeds a packet scheduler (PrioSched, StrideSched,
DRRSched, RoundRobinSched, ...), or on the push path an Unqueue starts by pulling from one,
replicating only that region would let the scheduler send low-priority packets while medium
ones wait in the replicas (Fig. 10's naive split).  The pass then replicates the whole
subgraph from the point all the scheduler's traffic passes through (its immediate dominator:
the classifier in front of the priority queues) through the scheduler -- and, for the
Unqueue case, the path after it -- so every replica has its own classifier, queues and
scheduler (Fig. 16).  The replicas' schedulers' pull outputs are merged by a
``RoundRobinSched``; their queues already decouple the threads, so no extra queue is added.

Decisions follow the cost model (clickc.passes.costmodel): a chain (clickc.passes.paths) is
split only when the split's bottleneck beats both the unchanged path (by MIN_GAIN) and the best
pipeline cut of the same chain (by PREFER_CUT; otherwise ``pipeline-cut`` handles it). The pass
refuses, and says why (``--explain``), when a replicated element has shared state that does not
split by flow (``ElementSpec.state == "shared"``; schedulers inside a priority subgraph are
per-stream by construction), is a source or sink, is named in another element's configuration,
takes packets from outside the region, or when the IP header's position is unknown at the split
point (clickc.passes.flowkey). ``per-flow`` state splits by the flow key (every flow's packets
meet one replica); ``counters`` are summed over the replicas by the read handlers
(``graph.facts.replica_groups``, docs/c-interface.md).

Names: replicas ``NAME@rK`` (``facts.replica_of = NAME``, ``facts.replica = K``), the
switch ``FIRST@split``, per-replica queues ``FIRST@rKq`` / ``FIRST@rKuq``, pull merges
``NAME@merge``; all have ``facts.inserted_by = "flow-split"`` (clickc.ir.ElementFacts).

Weighted splits: when the replicas need every thread, the front (the path up to the
HashSwitch) shares a thread with one replica.  The cost model then gives the HashSwitch K
outputs (hash buckets, K <= 16) and that replica, replica 0, fewer of them, several outputs
leading to one replica's queue (plain Click: HashSwitch's output is the hash modulo its
output count), so the front's work plus replica 0's share balances the other replicas'
(clickc.passes.costmodel.weighted_split).  Weights assume a uniform hash over many flows, so
the ESP SPI key (one flow per security association) is always split evenly.  The plan is
recorded: the HashSwitch's ``facts`` hold ``replicas`` and ``weights`` (buckets per replica),
each replica element's and its queue's ``facts.share`` the fraction of the packets it
gets, and ``graph.facts.flow_splits`` lists a :class:`clickc.ir.FlowSplit` (switch,
replicas, weights, elements) per split, for placement (the front belongs with replica 0, the
lightest).

Options (``--pass-option``): ``split_replicas=N`` (the replica count, the "replication
degree"; default: the number that minimizes the model's bottleneck, 2..-j),
``split_weights=W0:W1:...`` (buckets per replica, fixing the weights and the replica count;
``1:1`` forces an even split), ``split_capacity=N`` (replica queue capacity, default
:data:`SPLIT_CAPACITY` = 4096), ``split_burst=N`` (replica Unqueue burst, default 32),
``split_inline=0`` (queue replica 0 too, see below), and ``cost=...``.

Ordered replication (docs/passes.md): when every element of the stretch is ``per_packet``
(its output depends on each packet alone: ciphers, HMAC, header checks) and the flow key where
it starts is the ESP SPI (one flow per SA: a hash would leave one SA on one replica) or there
is none, the stretch is replicated behind an ``OrderSplit`` instead, each replica headed by an
``OrderEnter``, and an ``OrderMerge`` (pulled by an Unqueue) gives the packets back in the
order they came (elements/threads/ckorder.h).  No weights: OrderSplit sends each packet to the
least busy queued replica, and replica 0, inline on the front's thread, takes one only when
the queued replicas have ``split_backlog`` (default :data:`SPLIT_BACKLOG`) waiting.
``split_order=0`` never orders, ``split_order=1`` orders any per-packet stretch.  Names:
``FIRST@split`` (OrderSplit), ``FIRST@rKin`` (OrderEnter), ``FIRST@order`` (OrderMerge),
``FIRST@orderuq`` (its Unqueue); ``graph.facts.flow_splits`` entries have ``ordered``.

Whole-path replication (docs/passes.md, "Whole-path replication"; ``whole_path=auto|0|1``):
for a chain fed directly by one source, everything downstream of the source (up to Queues,
sinks included) is replicated, so that each packet stays on one CPU after the split: behind
a HashSwitch on the IP addresses (:func:`whole_path_key`), or, for a multi-queue device
source (FromDPDKDevice: ``QUEUE``/``N_QUEUES``), with the source itself, replica K reading
receive queue K (:func:`receive_queues`; the port's RSS spreads the flows, no software
split).  Names: the source's replicas ``SRC@rK``; the rest as above.

Replica 0 inline: with as many replicas as threads (or more), the front's thread runs one
replica anyway, and the HashSwitch pushes into replica 0 directly, without a Queue and Unqueue:
each split adds N - 1 schedulable elements, as SMP Click's Fig. 3 and §6.1 describe it ("two
new schedulable elements" for the VPN's two splits).  A queue there would only hand packets
from the front's thread to itself.  With fewer replicas than threads every replica is queued,
so the front can have a thread of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import networkx as nx
from clickc.args.lexing import cp_argvec
from clickc.elements.spec import ElementSpec
from clickc.ir import Connection, FlowSplit, RouterGraph

from .batching import BatchOptions, auto_vector_size, vector_plan
from .costmodel import (
    MAX_BUCKETS,
    MIN_GAIN,
    PREFER_CUT,
    TRANSFER_CYCLES,
    CostOptions,
    CutPlan,
    SplitPlan,
    best_cut,
    best_split,
    calibrated_transfer,
    costs_of,
)
from .flowkey import FlowKey, Specs, flow_key
from .manager import Pass, PassContext, int_at_least, one_of, option, switch
from .paths import Chain, push_chains, referenced_names
from .rewrite import add_inserted, fresh_name, move_to
from .threads import task_kind

PASS_NAME = "flow-split"

#: Capacity of a replica's queue.  Click's Queue default is 1000 packets; a replica whose
#: thread loses its CPU for a scheduler time slice (a few ms on a shared machine) while the
#: front keeps pushing at ~0.5-1 Mpps per replica overflows that, although the threads are
#: balanced (bench/bench_passes.py: 4-7% of the VPN entry's packets dropped at 1000 with a
#: loaded machine, none at 4096).  4096 holds several milliseconds; the ring's slots are
#: pointers (32 KiB), and only a backlog occupies packet buffers.
SPLIT_CAPACITY = 4096

#: Ordered replication with replica 0 inline: the front's thread takes a packet into its own
#: replica only when every queued replica has this many unfinished (OrderSplit's BACKLOG):
#: enough that the other threads never run dry between two of its turns.
SPLIT_BACKLOG = 64

#: The Unqueue behind an OrderMerge pulls up to this many replica bursts a call.
MERGE_BURSTS = 8

#: Cycles a sharded file source's copy spends on a record of another copy's share: the
#: record header and the flow key read from the mapped file, the page tables of its pages
#: filled, the hash, and the mispredicted branch of a choice that is a coin toss (FromDump's
#: SHARD, docs/passes.md "Sharded file sources").  Measured on 2,000,000 64-byte records
#: (FromDump -> Counter -> Discard, one thread): all records 48 ms; SHARD 0 of 2 50 ms, i.e.
#: a skipped record 26 ns (68 cycles at NOMINAL_GHZ) beside a kept one's 24 ns; SHARD 0 of 64
#: 27 ms (13.5 ns a skipped record when the choice is predictable).
SHARD_SCAN_CYCLES = 68.0


def parse_weights(text: str) -> tuple[int, ...]:
    """``W0:W1[:...]`` -> bucket counts: at least two positive integers, at most
    :data:`MAX_BUCKETS` in all.  Raises ValueError saying so."""
    try:
        w = tuple(int(x, 0) for x in text.split(":"))
    except ValueError:
        w = ()
    if len(w) < 2 or min(w) < 1 or sum(w) > MAX_BUCKETS:
        raise ValueError(f"expected W0:W1[:...], positive integers, at most {MAX_BUCKETS} in "
                         "all")
    return w


@dataclass(frozen=True)
class SplitOptions(CostOptions):
    """``flow-split``'s ``--pass-option`` settings (and the cost model's ``cost``)."""

    split_replicas: int | None = option(
        None, "the replica count (replication degree)", int_at_least(2),
        default_text="the count with the smallest modelled bottleneck, 2..-j")
    split_weights: tuple[int, ...] | None = option(
        None, "hash buckets per replica, W0:W1[:...] (fixes the replica count; 1:1 is an "
        "even split)", parse_weights, default_text="from the cost model",
        metavar="W0:W1[:...]")
    split_capacity: int = option(SPLIT_CAPACITY, "capacity of each replica's Queue",
                                 int_at_least(1))
    split_burst: int = option(32, "burst of each replica's Unqueue", int_at_least(1))
    split_inline: bool | None = option(
        None, "replica 0 runs inline on the front's thread (0: behind a queue too)", switch,
        default_text="1 with as many replicas as threads (a profile may say 0)")
    split_order: str = option("auto", "ordered replication: 0 never, 1 for every per-packet "
                              "stretch, auto where a flow key cannot spread it",
                              one_of("auto", "0", "1"), metavar="auto|0|1")
    split_backlog: int = option(SPLIT_BACKLOG, "ordered split: packets waiting in every "
                                "queued replica before the front's thread takes one",
                                int_at_least(1))
    whole_path: str = option("auto", "replicate the whole path behind its one source (the "
                             "receive-side-scaling shape): auto behind a multi-queue device, "
                             "or where the path ends in sinks and a pipeline cut would be "
                             "made instead; 1 wherever it pays in the model; 0 never",
                             one_of("auto", "0", "1"), metavar="auto|0|1")
    shard_sources: bool = option(True, "whole-path replication behind a shardable file "
                                 "source (FromDump) copies the source per thread, each copy "
                                 "reading its flow-hash share of the file (0: one source and a "
                                 "HashSwitch behind it)", switch)

@dataclass
class Region:
    """What to replicate: ``elements`` (graph order), the element packets enter by
    (``first``), the connections from outside into it (``entry``), the scheduler whose
    subgraph it is (priority mode) or None, and whether replicas need their own queue."""

    elements: list[str]
    first: str
    entry: list[Connection]
    scheduler: str | None
    queued: bool


def _spec(ctx: PassContext, graph: RouterGraph, name: str) -> ElementSpec | None:
    s: ElementSpec | None = ctx.registry.get(graph.element(name).class_name)
    return s


def _is_scheduler(graph: RouterGraph, ctx: PassContext, name: str) -> bool:
    """Click's packet schedulers (``ElementSpec.scheduler``: pull, several inputs, one
    output): a region feeding one, or fed by one, is replicated with its whole priority
    subgraph."""
    spec = _spec(ctx, graph, name)
    return spec is not None and spec.scheduler


def _is_cipher(graph: RouterGraph, ctx: PassContext, name: str) -> bool:
    spec = _spec(ctx, graph, name)
    return spec is not None and spec.cipher


def _is_pull_through(graph: RouterGraph, ctx: PassContext, name: str) -> bool:
    e = graph.element(name)
    spec = _spec(ctx, graph, name)
    return (spec is not None and spec.schedulable is None and spec.state != "queue"
            and e.input_kinds[:1] == ["pull"] and len(graph.inputs(name)) == 1
            and len(graph.outputs(name)) == 1)


def find_scheduler(graph: RouterGraph, ctx: PassContext, chain: Chain) -> tuple[str, str] | None:
    """(scheduler, "tail") when the chain ends in a queue whose pull side reaches a scheduler;
    (scheduler, "head") when the chain's path starts at an Unqueue pulling from one."""
    tail = chain.tail.dst
    spec = _spec(ctx, graph, tail)
    if spec is not None and spec.state == "queue":
        y = _pull_path_scheduler(graph, ctx, tail, upstream=False)
        if y is not None:
            return y, "tail"
    start = chain.prefix[-1] if chain.prefix else chain.head.src
    spec = _spec(ctx, graph, start)
    if spec is not None and spec.schedulable == "unqueue":
        y = _pull_path_scheduler(graph, ctx, start, upstream=True)
        if y is not None:
            return y, "head"
    return None


def _pull_path_scheduler(graph: RouterGraph, ctx: PassContext, start: str,
                         upstream: bool) -> str | None:
    """The scheduler met first on the path of single connections from ``start`` (its output 0
    downstream, or its inputs upstream) through pull-through elements; None when the path
    forks, ends or meets another element first."""
    x = start
    for _ in range(len(graph)):
        links = graph.inputs(x) if upstream else graph.outputs(x, 0)
        if len(links) != 1:
            break
        y = links[0].src if upstream else links[0].dst
        if _is_scheduler(graph, ctx, y):
            return y
        if not _is_pull_through(graph, ctx, y):
            break
        x = y
    return None


def _dominator(graph: RouterGraph, target: str) -> str | None:
    """The immediate dominator of ``target`` in the connection graph rooted at every element
    without inputs (None when only the virtual root dominates it)."""
    g = nx.DiGraph()
    g.add_nodes_from(graph.g.nodes)
    g.add_edges_from((u, v) for u, v in graph.g.edges())
    root = ("<root>",)
    g.add_node(root)
    for n in graph.g.nodes:
        if graph.g.in_degree(n) == 0:
            g.add_edge(root, n)
    if target not in nx.descendants(g, root):
        return None
    idom = nx.immediate_dominators(g, root)
    d = idom.get(target)
    return None if d is None or d == root else str(d)


def priority_region(graph: RouterGraph, ctx: PassContext, chain: Chain, sched: str,
                    where: str) -> Region | str:
    """The Fig. 16 subgraph of scheduler ``sched`` for ``chain`` (see the module docstring),
    or a string saying why there is none."""
    d = _dominator(graph, sched)
    if d is None:
        return f"no single point all of {sched}'s traffic passes through"
    de = graph.element(d)
    dspec = _spec(ctx, graph, d)
    entry: list[Connection]
    if dspec is not None and dspec.schedulable is not None:
        outs = graph.outputs(d)
        if len(outs) != 1:
            return f"{d} ({de.class_name}) feeds {sched}'s subgraph through several outputs"
        first = outs[0].dst
        entry = outs
    elif de.input_kinds and all(k == "push" for k in de.input_kinds):
        first = d
        entry = graph.inputs(d)
    else:
        return f"{sched}'s traffic all passes through {d} ({de.class_name}), a pull element"
    if not entry:
        return f"{first} has no input to split"
    members = (nx.descendants(graph.g, first) & nx.ancestors(graph.g, sched)) | {first, sched}
    if where == "head":
        x = sched
        while True:
            outs = graph.outputs(x, 0)
            if len(outs) != 1:
                return f"{x}'s output does not lead to one path"
            x = outs[0].dst
            members.add(x)
            if x == (chain.prefix[-1] if chain.prefix else chain.head.src):
                break
            if len(members) > len(graph):
                return "no path from the scheduler to the region"
        members.update(chain.prefix)
        members.update(chain.elements)
    order = [e.name for e in graph.elements() if e.name in members]
    return Region(order, first, entry, sched, queued=False)


def _refusal(graph: RouterGraph, ctx: PassContext, region: Region,
             refs: set[str]) -> str | None:
    rset = set(region.elements)
    for n in region.elements:
        e = graph.element(n)
        spec = ctx.registry.get(e.class_name)
        if spec is None:
            return f"{n} ({e.class_name}) is unknown to clickc"
        if n in refs:
            return f"{n} is named in another element's configuration"
        if spec.schedulable in ("source", "pull-sink", "timer"):
            return f"{n} ({e.class_name}) is a {spec.schedulable} and cannot be replicated"
        if spec.shared_output:   # replicas would interleave their lines differently
            return (f"{n} ({e.class_name}) prints: replicas would interleave its lines in "
                    "another order")
        if spec.state == "shared" and not (region.scheduler and spec.scheduler):
            return (f"{n} ({e.class_name}) has shared state that does not split by flow "
                    "(replicas would each hold part of it)")
        if spec.state == "queue" and region.scheduler is None:
            return f"{n} ({e.class_name}) is a queue on the path"
        for c in graph.inputs(n):
            if c.src not in rset and n != region.first:
                return f"{n} also takes packets from {c.src}, outside the region"
    ports = {c.dport for c in region.entry}
    if len(ports) != 1:
        return f"packets enter {region.first} on several inputs"
    return None


def bucket_owners(weights: tuple[int, ...]) -> list[int]:
    """The replica of each HashSwitch output for bucket ``weights`` (replica k owns
    ``weights[k]`` outputs), interleaved so each replica's buckets are spread over the
    output range: (1, 1) -> [0, 1]; (1, 2) -> [1, 0, 1]; (2, 3) -> [1, 0, 1, 0, 1]."""
    left = list(weights)
    total = sum(weights)
    owners: list[int] = []
    for b in range(total):
        # the replica furthest behind its due share of the buckets so far takes this one
        k = max(range(len(weights)),
                key=lambda r: (weights[r] * (b + 1) / total - (weights[r] - left[r]), -r))
        owners.append(k)
        left[k] -= 1
    return owners


def _copy_region(graph: RouterGraph, region: Region, k: int, share: float,
                 groups: dict[str, list[str]]) -> dict[str, str]:
    """Add replica ``k`` of every region element (``NAME@rK``, a copy of its facts plus
    ``replica_of``, ``replica``, ``share``), appending each to ``groups[NAME]``; returns
    {NAME: replica}."""
    m: dict[str, str] = {}
    for n in region.elements:
        e = graph.element(n)
        r = add_inserted(graph, fresh_name(graph, f"{n}@r{k}"), e.class_name, e.config,
                         e.landmark, PASS_NAME, e.facts.copy(), replica_of=n, replica=k,
                         share=share)
        groups[n].append(r.name)
        m[n] = r.name
    return m


def _replica_queue(graph: RouterGraph, region: Region, k: int, share: float, capacity: int,
                   burst: int) -> tuple[str, str]:
    """Replica ``k``'s ``FIRST@rKq :: Queue(capacity) -> FIRST@rKuq :: Unqueue(burst)``;
    returns (queue, unqueue)."""
    lm = graph.element(region.first).landmark
    q = add_inserted(graph, fresh_name(graph, f"{region.first}@r{k}q"), "Queue",
                     str(capacity), lm, PASS_NAME, replica=k, share=share)
    u = add_inserted(graph, fresh_name(graph, f"{region.first}@r{k}uq"), "Unqueue",
                     str(burst), lm, PASS_NAME, replica=k, share=share)
    graph.connect(q.name, 0, u.name, 0, lm)
    return q.name, u.name


def _retire(graph: RouterGraph, region: Region, groups: dict[str, list[str]]) -> None:
    """Record the replicas in ``graph.facts.replica_groups`` (a replica split again joins
    its original's group) and remove the original elements."""
    known = graph.facts.replica_groups
    for n in region.elements:
        root = graph.element(n).facts.replica_of or n
        members = known.setdefault(root, [])
        if n in members:
            members.remove(n)
        members.extend(groups[n])
        graph.remove_element(n)


def replicate(graph: RouterGraph, region: Region, key: FlowKey, nrep: int, capacity: int,
              burst: int, weights: tuple[int, ...] = (),
              inline_first: bool = False) -> dict[str, list[str]]:
    """Apply the split: HashSwitch(key) on the region's entry, ``nrep`` replicas (each behind
    its own Queue+Unqueue when ``region.queued``, except replica 0 with ``inline_first``: the
    HashSwitch pushes into it directly, so the thread running the front runs it), push outputs
    merged into the original destinations, pull outputs merged by a RoundRobinSched; the
    original elements go.
    ``weights`` (one bucket count per replica, or () for one each) gives the HashSwitch
    ``sum(weights)`` outputs, :func:`bucket_owners` saying which replica each feeds.
    Returns {original name: [replica names]}."""
    weights = weights or (1,) * nrep
    if len(weights) != nrep or min(weights) < 1:
        raise ValueError(f"weights {weights} for {nrep} replicas")
    owners = bucket_owners(weights)
    shares = [w / sum(weights) for w in weights]
    rset = set(region.elements)
    conns = graph.connections()
    internal = [c for c in conns if c.src in rset and c.dst in rset]
    exits = [c for c in conns if c.src in rset and c.dst not in rset]
    first = graph.element(region.first)
    lm = first.landmark
    dport = region.entry[0].dport
    hs = add_inserted(graph, fresh_name(graph, f"{region.first}@split"), "HashSwitch",
                      f"{key.offset}, {key.length}", lm, PASS_NAME, flow_key=key.what,
                      replicas=nrep, weights=list(weights))
    for c in region.entry:
        move_to(graph, c, hs.name, 0)
    groups: dict[str, list[str]] = {n: [] for n in region.elements}
    for k in range(nrep):
        m = _copy_region(graph, region, k, shares[k], groups)
        if region.queued and not (inline_first and k == 0):
            q, u = _replica_queue(graph, region, k, shares[k], capacity, burst)
            for b, owner in enumerate(owners):
                if owner == k:
                    graph.connect(hs.name, b, q, 0, lm)
            graph.connect(u, 0, m[region.first], dport, lm)
        else:
            for b, owner in enumerate(owners):
                if owner == k:
                    graph.connect(hs.name, b, m[region.first], dport, lm)
        for c in internal:
            graph.connect(m[c.src], c.sport, m[c.dst], c.dport, lm)
        for c in exits:
            if graph.element(c.src).output_kinds[c.sport:c.sport + 1] != ["pull"]:
                graph.connect(m[c.src], c.sport, c.dst, c.dport, lm)
    for c in exits:
        if graph.element(c.src).output_kinds[c.sport:c.sport + 1] == ["pull"]:
            rr = add_inserted(graph, fresh_name(graph, f"{c.src}@merge"), "RoundRobinSched",
                              "", graph.element(c.src).landmark, PASS_NAME)
            for k, rn in enumerate(groups[c.src]):
                graph.connect(rn, c.sport, rr.name, k, lm)
            graph.connect(rr.name, 0, c.dst, c.dport, lm)
    _retire(graph, region, groups)
    graph.facts.flow_splits.append(
        FlowSplit(switch=hs.name, replicas=nrep, weights=list(weights),
                  elements=list(region.elements)))
    return groups


def order_groups_used(graph: RouterGraph, specs: Specs) -> int:
    """The next free ``GROUP`` number of the ordered-replication elements (specs with
    ``order_group``: OrderSplit, OrderEnter, OrderMerge) in ``graph``: one more than the
    largest, parsed or not."""
    top = -1
    for e in graph.elements():
        spec = specs.get(e.class_name)
        if spec is not None and spec.order_group:
            g = e.args.get("GROUP") if e.args else None
            if g is None:
                head = e.config.split(",")[0].strip()
                g = int(head) if head.isdigit() else None
            if isinstance(g, int):
                top = max(top, g)
    return top + 1


def replicate_ordered(graph: RouterGraph, region: Region, nrep: int, capacity: int,
                      burst: int, inline_first: bool, backlog: int,
                      specs: Specs) -> dict[str, list[str]]:
    """Apply an ordered split (see "Ordered replication" in the module docstring):
    ``OrderSplit`` on the region's entry, ``nrep`` replicas each headed by an ``OrderEnter``
    (behind a Queue+Unqueue of ``capacity`` packets, except replica 0 with ``inline_first``),
    the main exit (output 0 of the region's last element) of every replica into one
    ``OrderMerge``, pulled by an ``Unqueue`` of ``MERGE_BURSTS * burst`` that pushes where
    the region's main exit went; side exits (other outputs) stay attached to each replica.
    The region must be a chain stretch (one entry on input 0, one main exit).  Returns
    {original name: [replica names]}.  Raises ValueError when the region's last element
    does not have exactly one connection on output 0.  specs: the element registry (the
    order groups already used)."""
    rset = set(region.elements)
    conns = graph.connections()
    internal = [c for c in conns if c.src in rset and c.dst in rset]
    exits = [c for c in conns if c.src in rset and c.dst not in rset]
    last = region.elements[-1]
    main = [c for c in exits if c.src == last and c.sport == 0]
    if len(main) != 1:
        raise ValueError(f"{last}: expected one connection on output 0, found {len(main)}")
    side = [c for c in exits if c not in main]
    lm = graph.element(region.first).landmark
    dport = region.entry[0].dport
    group = order_groups_used(graph, specs)
    conf = f"{group}, CAPACITY {capacity}" + (f", INLINE true, BACKLOG {backlog}"
                                              if inline_first else "")
    spl = add_inserted(graph, fresh_name(graph, f"{region.first}@split"), "OrderSplit", conf,
                       lm, PASS_NAME, replicas=nrep, ordered=True)
    for c in region.entry:
        move_to(graph, c, spl.name, 0)
    merge = add_inserted(graph, fresh_name(graph, f"{region.first}@order"), "OrderMerge",
                         str(group), lm, PASS_NAME)
    # the merge hands on every replica's packets: its Unqueue takes up to MERGE_BURSTS
    # replica bursts a call (one burst a call would let it fall behind the replicas together,
    # no limit would starve the other tasks of its thread while the front feeds it)
    muq = add_inserted(graph, fresh_name(graph, f"{region.first}@orderuq"), "Unqueue",
                       str(burst * MERGE_BURSTS), lm, PASS_NAME)
    graph.connect(merge.name, 0, muq.name, 0, lm)
    graph.connect(muq.name, 0, main[0].dst, main[0].dport, lm)
    groups: dict[str, list[str]] = {n: [] for n in region.elements}
    share = 1.0 / nrep
    for k in range(nrep):
        m = _copy_region(graph, region, k, share, groups)
        enter = add_inserted(graph, fresh_name(graph, f"{region.first}@r{k}in"), "OrderEnter",
                             f"{group}, {k}", lm, PASS_NAME, replica=k, share=share)
        if inline_first and k == 0:
            graph.connect(spl.name, k, enter.name, 0, lm)
        else:
            q, u = _replica_queue(graph, region, k, share, capacity, burst)
            graph.connect(spl.name, k, q, 0, lm)
            graph.connect(u, 0, enter.name, 0, lm)
        graph.connect(enter.name, 0, m[region.first], dport, lm)
        for c in internal:
            graph.connect(m[c.src], c.sport, m[c.dst], c.dport, lm)
        for c in side:
            graph.connect(m[c.src], c.sport, c.dst, c.dport, lm)
        graph.connect(m[last], 0, merge.name, k, lm)
    _retire(graph, region, groups)
    graph.facts.flow_splits.append(
        FlowSplit(switch=spl.name, replicas=nrep, weights=[], ordered=True, merge=merge.name,
                  elements=list(region.elements)))
    return groups


def ordered_mode(graph: RouterGraph, ctx: PassContext, heavy: Sequence[str]) -> str | None:
    """Why the heavy stretch ``heavy`` of a chain is split in order (OrderSplit/OrderMerge)
    rather than on a flow key, or None to hash.  ``--pass-option split_order=0`` never
    orders, ``=1`` orders whenever every element is ``per_packet``; by default (``auto``) a
    ``per_packet`` stretch is ordered when hashing cannot spread it: the flow key where it
    starts is the ESP SPI (one flow per security association, a serial stream for a hash)
    or there is none."""
    mode = ctx.options.of(SplitOptions).split_order
    if mode == "0":
        return None
    for n in heavy:
        spec = _spec(ctx, graph, n)
        if spec is None or not spec.per_packet:
            return None
    if mode == "1":
        return "split_order=1"
    key = flow_key(graph, graph.inputs(heavy[0])[0], esp=_is_cipher(graph, ctx, heavy[0]),
                   specs=ctx.registry)
    if key is None:
        return "no flow key where it starts"
    if key.what == "spi":
        return "the flow key is the ESP SPI: one flow per security association"
    return None


def _replicable(graph: RouterGraph, ctx: PassContext, name: str) -> bool:
    """Whether ``name`` can be part of a whole-path replica: known, not a queue, no task of
    its own (a Discard pushed into runs on the pusher's call), not printing, no shared
    state."""
    e = graph.element(name)
    spec = _spec(ctx, graph, name)
    return (spec is not None and spec.state not in ("queue", "shared")
            and not spec.shared_output and task_kind(graph, e, spec) is None
            and not spec.scheduler and not spec.spreader)


def whole_path(graph: RouterGraph, ctx: PassContext, chain: Chain) -> Region | str | None:
    """The whole-path region of a chain fed directly by one source (the receive-side-scaling
    shape, docs/passes.md "Whole-path replication"): every element downstream of the source's
    one output connection, through push connections, up to and excluding Queues.  Returns the
    Region, a reason (str) when the path qualifies by shape but cannot be replicated, or None
    when the chain is not fed by a source alone (then the stretch split applies)."""
    if len(chain.prefix) != 1:
        return None
    src = graph.element(chain.prefix[0])
    sspec = _spec(ctx, graph, src.name)
    if sspec is None or task_kind(graph, src, sspec) != "source":
        return None
    if len(graph.outputs(src.name)) != 1:
        return None
    first = chain.elements[0]
    members: list[str] = []
    seen = {first}
    todo = [first]
    while todo:
        x = todo.pop()
        members.append(x)
        if not _replicable(graph, ctx, x):
            return f"{x} ({graph.element(x).class_name}) cannot be in a replica"
        for c in graph.inputs(x):
            if c.src not in seen and x != first:
                return f"{x} also takes packets from {c.src}, outside the path"
        for c in graph.outputs(x):
            dst = graph.element(c.dst)
            if graph.element(x).output_kinds[c.sport:c.sport + 1] == ["pull"]:
                return f"{x} has a pull output"
            dspec = _spec(ctx, graph, c.dst)
            if dspec is not None and dspec.state == "queue":
                continue      # the replicas push into the one Queue (an exit)
            if dst.name not in seen:
                seen.add(dst.name)
                todo.append(dst.name)
    for n in members:
        for c in graph.inputs(n):
            if c.src not in seen and n != first:
                return f"{n} also takes packets from {c.src}, outside the path"
    order = [e.name for e in graph.elements() if e.name in seen]
    return Region(order, first, graph.inputs(first), None, queued=True)


def whole_path_key(graph: RouterGraph, ctx: PassContext, chain: Chain) -> FlowKey | None:
    """The flow key at the source's output of a whole-path split: the first connection down
    the chain where the IP header's position is known (passes/flowkey.py), moved back to the
    chain's head through the header deltas of the elements on the way.  The key is the IP
    source and destination addresses (HashSwitch over 8 bytes), as a NIC's receive-side
    scaling hashes IP packets: the packets of one address pair, whatever their protocol, take
    one replica.  Packets the chain later sorts out as not IP hash on whatever bytes are
    there (the same replica for identical headers); shorter ones go to output 0."""
    shift = 0
    for n in chain.elements:
        out = graph.outputs(n, 0)
        e = graph.element(n)
        spec = _spec(ctx, graph, n)
        if spec is None:
            return None
        d = spec.delta(e)
        if d is None:
            return None
        key = flow_key(graph, out[0], specs=ctx.registry) if out else None
        if key is not None and key.what in ("dst", "5-tuple"):
            ip = key.offset - (16 if key.what == "dst" else 12)
            # header_delta is how far an element moves the headers (Strip(14): -14)
            return FlowKey(ip - shift - d + 12, 8, "addresses")
        if key is not None:
            return None
        shift += d
    return None


def already_split(graph: RouterGraph, ctx: PassContext, chain: Chain) -> str | None:
    """The switch in front of the chain's own Queue+Unqueue when the configuration already
    splits this path (SMP Click Fig. 3 written by hand, e.g. examples/vpn-flowsplit.click),
    else None: splitting each copy again would only add transfers."""
    start = chain.prefix[-1] if chain.prefix else chain.head.src
    spec = _spec(ctx, graph, start)
    if spec is None or spec.schedulable != "unqueue":
        return None
    ins = graph.inputs(start)
    if len(ins) != 1:
        return None
    q = ins[0].src
    qspec = _spec(ctx, graph, q)
    if qspec is None or qspec.state != "queue":
        return None
    for c in graph.inputs(q):
        sspec = _spec(ctx, graph, c.src)   # a switch spreading one path over several
        if sspec is not None and sspec.spreader:
            return str(c.src)
    return None


def _choose(prefix: float, costs: list[float], ctx: PassContext,
            weighted: bool = True, expensive: float = TRANSFER_CYCLES,
            transfer: float = TRANSFER_CYCLES, queued_saving: float = 0.0) -> SplitPlan | None:
    """The split plan with the smallest modelled bottleneck over the replica counts allowed
    (``split_replicas``, else 2..-j); ``split_weights`` fixes count and weights.
    ``expensive``: the cost from which an element is in the replicated stretch (0: all);
    ``transfer``: cycles per packet handed to another thread; ``queued_saving``: cycles per
    packet a queued replica saves as vectors (costmodel.best_split)."""
    opts = ctx.options.of(SplitOptions)
    fixed_w = opts.split_weights
    if fixed_w is not None:
        counts = [len(fixed_w)]
    elif opts.split_replicas is not None:
        counts = [opts.split_replicas]
    else:
        counts = list(range(2, max(2, ctx.nthreads) + 1))
    best: SplitPlan | None = None
    for r in counts:
        p = best_split(prefix, costs, r, ctx.nthreads, weighted=weighted, expensive=expensive,
                       transfer=transfer, queued_saving=queued_saving)
        if p is not None and fixed_w is not None:
            p = replace(p, weights=fixed_w if len(set(fixed_w)) > 1 else ())
        if p is not None and (best is None or p.bottleneck < best.bottleneck - 1e-9):
            best = p
    return best


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """The pass (see the module docstring)."""
    if ctx.nthreads < 2:
        ctx.note(PASS_NAME, "one thread: no flow splits")
        return
    opts = ctx.options.of(SplitOptions)
    capacity = opts.split_capacity
    burst = opts.split_burst
    done: set[str] = set()
    for chain in push_chains(graph, ctx.registry,
                             lambda e: e.facts.inserted_by == PASS_NAME):
        # a chain found before an earlier split rewrote the graph: its elements or its prefix
        # (the front whose cost the split weighs) may be gone
        if any(n in done or n not in graph for n in chain.elements) or \
                any(n not in graph for n in chain.prefix):
            continue
        costs = costs_of(graph, chain.elements, ctx)
        prefix = sum(costs_of(graph, chain.prefix, ctx))
        uncut = prefix + sum(costs)
        plan = _choose(prefix, costs, ctx)
        where = chain.elements[0] if len(chain.elements) == 1 else \
            f"{chain.elements[0]}..{chain.elements[-1]}"
        cut = best_cut(prefix, costs, ctx.nthreads)
        stretch = plan is not None and plan.bottleneck * MIN_GAIN <= uncut and not (
            cut.cuts and cut.bottleneck <= plan.bottleneck * PREFER_CUT)
        # by default the whole path is replicated behind a multi-queue device (nothing
        # crosses CPUs) and, behind a HashSwitch, where a stretch split or a pipeline cut
        # would be made: a plan that hands packets over is made anyway, and this one hands
        # over fewer than a cut and shares no element between threads, where a stretch
        # split's tail runs on every replica's thread with shared counters (a path left on
        # one thread stays so: measured on the project's VM, docs/passes.md "The full-table
        # router")
        queues = len(chain.prefix) == 1 and (
            isinstance(receive_queues(graph, ctx, chain.prefix[0]), list)
            or shard_refusal(graph, ctx, chain.prefix[0]) is None)
        cutting = bool(cut.cuts) and cut.bottleneck * MIN_GAIN <= uncut
        whole = opts.whole_path == "1" or opts.whole_path == "auto" and (
            queues or stretch or cutting)
        if whole and _replicate_whole_path(graph, ctx, chain, costs, prefix, cut):
            done.update(n for n in chain.elements)
            continue
        if plan is None:
            continue        # no element there is worth a cross-CPU transfer
        if plan.bottleneck * MIN_GAIN > uncut:
            ctx.note(PASS_NAME, f"path {where} not split: {uncut:.0f} cycles/packet, split "
                                f"{plan.bottleneck:.0f}: gain under {MIN_GAIN}x")
            continue
        if cut.cuts and cut.bottleneck <= plan.bottleneck * PREFER_CUT:
            ctx.note(PASS_NAME, f"path {where} not split: a pipeline cut does about as well "
                                f"({cut.bottleneck:.0f} against {plan.bottleneck:.0f} "
                                "cycles/packet); left to pipeline-cut")
            continue
        heavy = chain.elements[plan.start:plan.end]
        spread = already_split(graph, ctx, chain)
        if spread is not None:
            ctx.note(PASS_NAME, f"{', '.join(heavy)} not split: the configuration already "
                                f"splits this path ({spread} in front of its queue)")
            continue
        sched = find_scheduler(graph, ctx, chain)
        ordered = ordered_mode(graph, ctx, heavy) if sched is None else None
        if ordered is not None:
            oregion = Region(list(heavy), heavy[0], graph.inputs(heavy[0]), None, queued=True)
            why = _refusal(graph, ctx, oregion, referenced_names(graph, ctx.registry))
            if why is None:
                inline = plan.replicas >= ctx.nthreads and opts.split_inline is not False
                backlog = opts.split_backlog
                replicate_ordered(graph, oregion, plan.replicas, capacity, burst, inline,
                                  backlog, ctx.registry)
                done.update(oregion.elements)
                ctx.note(PASS_NAME, f"split {', '.join(heavy)} in order into {plan.replicas} "
                                    f"replicas (OrderSplit/OrderMerge: {ordered})"
                                    + (", replica 0 inline on the front's thread, taking "
                                       f"packets when the others have {backlog} waiting"
                                       if inline else "")
                                    + f": {uncut:.0f} -> about {plan.bottleneck:.0f} "
                                      "cycles/packet bottleneck, shared at run time")
                continue
            ctx.note(PASS_NAME, f"{', '.join(heavy)} not split in order: {why}")
        region: Region | str
        if sched is not None:
            region = priority_region(graph, ctx, chain, sched[0], sched[1])
        else:
            # the switch goes before the heavy stretch, or further up the chain where the
            # IP header's position is known (e.g. before an encapsulation)
            start = plan.start
            esp = _is_cipher(graph, ctx, chain.elements[start])
            while start > 0 and flow_key(graph, graph.inputs(chain.elements[start])[0],
                                         esp=esp, specs=ctx.registry) is None:
                start -= 1
            members = list(chain.elements[start:plan.end])
            region = Region(members, members[0], graph.inputs(members[0]), None, queued=True)
        if isinstance(region, str):
            ctx.note(PASS_NAME, f"{', '.join(heavy)} not split: {region}")
            continue
        why = _refusal(graph, ctx, region, referenced_names(graph, ctx.registry))
        if why is None:
            key = flow_key(graph, region.entry[0], esp=_is_cipher(graph, ctx, region.first),
                           specs=ctx.registry)
            if key is None:
                why = f"the IP header's position is not known where packets enter {region.first}"
        if why is not None:
            ctx.note(PASS_NAME, f"{', '.join(heavy)} not split: {why}")
            continue
        assert key is not None
        if key.what == "spi" and plan.weights and opts.split_weights is None:
            # one flow per SA: buckets would not carry their shares; split evenly
            even = _choose(prefix, costs, ctx, weighted=False)
            plan = even if even is not None else replace(plan, weights=())
        # with as many replicas as threads the front shares a thread with one: that replica
        # runs inline, as in SMP Click's Fig. 3 (one new Unqueue per split, §6.1)
        inline = region.queued and plan.replicas >= ctx.nthreads and \
            opts.split_inline is not False
        if inline and opts.split_inline is None:
            measured = profiled_inline(ctx, region.elements, plan.replicas)
            if measured is not None:
                inline, why_inline = measured
                ctx.note(PASS_NAME, why_inline)
        replicate(graph, region, key, plan.replicas,
                  capacity, burst, plan.weights, inline_first=inline)
        done.update(region.elements)
        mode = (f"whole priority subgraph of {region.scheduler} ({len(region.elements)} "
                f"elements, Fig. 16)" if region.scheduler else ", ".join(region.elements))
        weighting = (f", weighted {':'.join(map(str, plan.weights))} over "
                     f"{sum(plan.weights)} buckets (replica 0 shares the front's thread)"
                     if plan.weights else "")
        if inline:
            weighting += ", replica 0 inline on the front's thread"
        ctx.note(PASS_NAME, f"split {mode} into {plan.replicas} replicas on the {key.what} "
                            f"(HashSwitch({key.offset}, {key.length})){weighting}: {uncut:.0f} "
                            f"-> {plan.bottleneck:.0f} cycles/packet bottleneck "
                            f"(transfer {TRANSFER_CYCLES:.0f})")


def _queued_vector_saving(graph: RouterGraph, ctx: PassContext,
                          members: list[str]) -> tuple[float, str]:
    """(cycles per packet, note) that a replica of ``members`` behind a queue saves over the
    same work per packet: its Unqueue's burst (``split_burst``) makes it a vector region where
    the batching pass would (clickc.passes.batching.vector_plan: the route lookups' misses
    overlapped; the gain at least ``vector_gain``); (0, "") where it would not, or with
    ``--batch``.  Measured on the full-table router behind FromDump (docs/passes.md): the
    queued replica runs as vectors, the source's own replica per packet."""
    if ctx.batch is not None or ctx.opt < 2:
        return 0.0, ""
    bopts = ctx.options.of(BatchOptions)
    size = min(ctx.options.of(SplitOptions).split_burst, bopts.vector_size)
    if size < 2:
        return 0.0, ""
    pp, vec, _why = vector_plan(graph, members, size, ctx)
    if vec <= 0 or pp / vec < bopts.vector_gain:
        return 0.0, ""
    return pp - vec, f"queued replicas as vectors of {size}: {pp - vec:.0f} cycles/packet less"


def _replicate_whole_path(graph: RouterGraph, ctx: PassContext, chain: Chain, costs: list[float],
                      prefix: float, cut: CutPlan) -> bool:
    """Replicate the whole path behind the chain's source (:func:`whole_path`) when the model
    says it pays; says what it did or why not.  Returns whether the graph was rewritten.

    The replicas are priced with this machine's calibrated transfer
    (:func:`clickc.passes.costmodel.calibrated_transfer`; only the packets of the queued
    replicas cross) and must beat the unchanged path by ``MIN_GAIN`` and the best pipeline
    cut (which hands every packet over) by any margin: both keep elements' state per flow,
    and the whole path crosses CPUs once, for a share of the packets."""
    region = whole_path(graph, ctx, chain)
    if region is None:
        return False
    where = f"{chain.prefix[0]} -> {chain.elements[0]}.."
    if isinstance(region, str):
        ctx.note(PASS_NAME, f"path {where} not replicated whole: {region}")
        return False
    inside = set(region.elements)
    exits = [c for n in region.elements for c in graph.outputs(n) if c.dst not in inside]
    if exits and ctx.options.of(SplitOptions).whole_path == "auto":
        return False        # ends in Queues: the stretch split, unless whole_path=1
    tail = chain.tail.dst
    path = list(costs) + (costs_of(graph, [tail], ctx) if tail in region.elements else [])
    uncut = prefix + sum(path)
    queues = receive_queues(graph, ctx, chain.prefix[0])
    if isinstance(queues, str):
        ctx.note(PASS_NAME, f"path {where}: not one receive queue per replica: {queues}")
    elif queues is not None:
        why = _refusal_names(graph, ctx, region, chain.prefix[0])
        if why is not None:
            ctx.note(PASS_NAME, f"path {where} not replicated whole: {why}")
            return False
        return _split_queues(graph, ctx, chain.prefix[0], queues, region, prefix + sum(path))
    shard_why = shard_refusal(graph, ctx, chain.prefix[0])
    if shard_why is None:
        return _split_shards(graph, ctx, chain, region, path, prefix)
    if shard_why:
        ctx.note(PASS_NAME, f"path {where}: {chain.prefix[0]} not sharded: {shard_why}")
    cal, cal_text = calibrated_transfer(ctx)
    saving, saving_text = _queued_vector_saving(graph, ctx, region.elements)
    plan = _choose(prefix, path, ctx, expensive=0.0, transfer=cal, queued_saving=saving)
    if plan is None:
        return False
    if saving_text:
        cal_text += f"; {saving_text}"
    if plan.bottleneck * MIN_GAIN > uncut:
        ctx.note(PASS_NAME, f"path {where} not replicated whole: {uncut:.0f} cycles/packet, "
                            f"replicated {plan.bottleneck:.0f} with the {cal_text}: gain under "
                            f"{MIN_GAIN}x")
        return False
    if cut.cuts and cut.bottleneck < plan.bottleneck:
        ctx.note(PASS_NAME, f"path {where} not replicated whole: a pipeline cut does about as "
                            f"well ({cut.bottleneck:.0f} against {plan.bottleneck:.0f} "
                            "cycles/packet)")
        return False
    key = _whole_path_key_or_why(graph, ctx, chain, region)
    if isinstance(key, str):
        ctx.note(PASS_NAME, f"path {where} not replicated whole: {key}")
        return False
    opts = ctx.options.of(SplitOptions)
    inline = plan.replicas >= ctx.nthreads and opts.split_inline is not False
    if inline and opts.split_inline is None:
        measured = profiled_inline(ctx, region.elements, plan.replicas)
        if measured is not None:
            inline, why_inline = measured
            ctx.note(PASS_NAME, why_inline)
    replicate(graph, region, key, plan.replicas, opts.split_capacity, opts.split_burst,
              plan.weights, inline_first=inline)
    weighting = (f", weighted {':'.join(map(str, plan.weights))} over {sum(plan.weights)} "
                 "buckets (replica 0 shares the source's thread)" if plan.weights else "")
    if inline:
        weighting += ", replica 0 inline on the source's thread"
    ctx.note(PASS_NAME, f"replicated the whole path behind {chain.prefix[0]} "
                        f"({len(region.elements)} elements) into {plan.replicas} replicas on "
                        f"the IP addresses (HashSwitch({key.offset}, {key.length})){weighting}: "
                        f"{uncut:.0f} -> {plan.bottleneck:.0f} cycles/packet bottleneck "
                        f"({cal_text})")
    return True


def receive_queues(graph: RouterGraph, ctx: PassContext, source: str) -> list[str] | str | None:
    """A device source that reads one of several receive queues of its port (its class takes
    ``QUEUE`` and ``N_QUEUES``: FromDPDKDevice), configured for one (no ``QUEUE`` but 0,
    ``N_QUEUES`` 1 or absent): its configuration split as ``[PORT, other keyword
    arguments...]``, the queue arguments left out.  A reason (str) when it names several
    queues itself; None when the class has no queues (replicate behind a HashSwitch)."""
    e = graph.element(source)
    spec = _spec(ctx, graph, source)
    if spec is None or {"QUEUE", "N_QUEUES"} - {a.name for a in spec.args}:
        return None
    parts = cp_argvec(e.config)
    if not parts:
        return "no PORT"
    keep = [parts[0]]
    for i, a in enumerate(parts[1:]):
        word = a.split(None, 1)
        if word and word[0] == "N_QUEUES" and len(word) == 2:
            if word[1].strip() != "1":
                return f"{source} sets N_QUEUES {word[1].strip()}"
        elif word and word[0] == "QUEUE" and len(word) == 2 or i == 0 and len(word) == 1:
            if word[-1].strip() != "0":
                return f"{source} reads queue {word[-1].strip()}"
        else:
            keep.append(a)
    return keep


def _split_queues(graph: RouterGraph, ctx: PassContext, source: str, conf: list[str],
                  region: Region, work: float) -> bool:
    """The path behind a multi-queue device source, one replica per thread, each with its own
    copy of the source reading receive queue K of ``N_QUEUES`` replicas (the port spreads
    flows over its queues with receive-side scaling: runtime/io_dpdk.h): no software split,
    no packet changes CPU.  ``work``: cycles/packet of source and path together."""
    nrep = ctx.options.of(SplitOptions).split_replicas or ctx.nthreads
    configs = [", ".join([conf[0], str(k), f"N_QUEUES {nrep}", *conf[1:]]) for k in range(nrep)]
    _split_source(graph, source, configs, region)
    ctx.note(PASS_NAME, f"replicated the whole path behind {source} with it "
                        f"({len(region.elements) + 1} elements) into {nrep} replicas, replica K "
                        f"reading receive queue K of {nrep} (receive-side scaling on the port, "
                        f"no software split): {work:.0f} -> {work / nrep:.0f} cycles/packet "
                        "on each thread")
    return True


def _split_source(graph: RouterGraph, source: str, configs: list[str], region: Region) -> None:
    """Replace ``source`` and the whole-path ``region`` behind it by ``len(configs)`` copies,
    copy K of the source configured ``configs[K]`` (``SRC@rK``) and feeding its own replica of
    the region; the region's exits (into Queues) are kept from every replica."""
    nrep = len(configs)
    src = graph.element(source)
    lm = src.landmark
    rset = set(region.elements)
    conns = graph.connections()
    internal = [c for c in conns if c.src in rset and c.dst in rset]
    exits = [c for c in conns if c.src in rset and c.dst not in rset]
    entry = region.entry[0]
    groups: dict[str, list[str]] = {n: [] for n in region.elements}
    sources: list[str] = []
    for k, config in enumerate(configs):
        m = _copy_region(graph, region, k, 1.0 / nrep, groups)
        r = add_inserted(graph, fresh_name(graph, f"{source}@r{k}"), src.class_name, config,
                         lm, PASS_NAME, src.facts.copy(), replica_of=source, replica=k,
                         share=1.0 / nrep)
        sources.append(r.name)
        graph.connect(r.name, entry.sport, m[region.first], entry.dport, lm)
        for c in internal:
            graph.connect(m[c.src], c.sport, m[c.dst], c.dport, lm)
        for c in exits:
            graph.connect(m[c.src], c.sport, c.dst, c.dport, lm)
    _retire(graph, region, groups)
    graph.facts.replica_groups.setdefault(source, []).extend(sources)
    graph.remove_element(source)


def shard_refusal(graph: RouterGraph, ctx: PassContext, source: str) -> str | None:
    """Why the file source ``source`` cannot run as one copy per thread
    (``ElementSpec.shardable``), or None when it can; "" when its class has no shards or
    ``shard_sources=0``."""
    spec = _spec(ctx, graph, source)
    if spec is None or spec.shardable is None or not ctx.options.of(SplitOptions).shard_sources:
        return ""
    return spec.shardable(graph.element(source))


def _source_vectors(graph: RouterGraph, ctx: PassContext, source: str,
                    members: list[str]) -> str:
    """Why sharding ``source`` would not pay when its path runs as vectors: its task emits
    bursts (``ElementSpec.burst`` over 1) and the batching pass would make the path a vector
    region (clickc.passes.batching.vector_plan), "" otherwise.  Measured on the full-table
    router (docs/passes.md "Sharded file sources"): with BURST 32 the path's lookups overlap
    their misses and -j 1 takes 75 ns a packet, half of it reading the file, which each copy
    reads whole: two shards ran 0.92-1.07x -j 1."""
    if ctx.batch is not None or ctx.opt < 2:
        return ""
    bopts = ctx.options.of(BatchOptions)
    size = auto_vector_size(graph.element(source), ctx)
    if size < 2:
        return ""
    pp, vec, _why = vector_plan(graph, members, size, ctx)
    if vec <= 0 or pp / vec < bopts.vector_gain:
        return ""
    return (f"the path runs as vectors of {size} behind it ({pp:.0f} -> {vec:.0f} "
            "cycles/packet), and each copy would read the whole file for 1/N of the packets")


def _split_shards(graph: RouterGraph, ctx: PassContext, chain: Chain, region: Region,
                  path: list[float], prefix: float) -> bool:
    """The path behind a shardable file source (``ElementSpec.shardable``: FromDump), one
    replica per thread, each fed by its own copy of the source that reads every record's
    header and flow key and emits only its share (``SHARD`` K of ``SHARDS`` N, the same choice
    as the HashSwitch of :func:`whole_path_key`): no packet changes CPU, as with a port's
    receive queues.  Priced per copy as the source's whole cost (``prefix``: a copy reading
    1/N of the records costs about what reading all of them does, measured), 1/N of the
    path's, and ``SHARD_SCAN_CYCLES`` for each record of the other copies' shares
    (docs/passes.md "Sharded file sources": within 8% of the full-table router's two builds).
    Made when the busiest copy's modelled work beats the unchanged path by ``MIN_GAIN``, and
    not where the path runs as vectors behind the source (:func:`_source_vectors`); says what
    it did or why not.  Returns whether the graph was rewritten."""
    source = chain.prefix[0]
    where = f"{source} -> {chain.elements[0]}.."
    opts = ctx.options.of(SplitOptions)
    nrep = opts.split_replicas or ctx.nthreads
    vectors = _source_vectors(graph, ctx, source, region.elements)
    if vectors and opts.whole_path != "1":
        ctx.note(PASS_NAME, f"path {where} not sharded: {vectors}")
        return False
    work = prefix + sum(path)
    per_copy = prefix + sum(path) / nrep + SHARD_SCAN_CYCLES * (nrep - 1) / nrep
    if per_copy * MIN_GAIN > work:
        ctx.note(PASS_NAME, f"path {where} not sharded: {work:.0f} cycles/packet, "
                            f"{per_copy:.0f} per copy: gain under {MIN_GAIN}x")
        return False
    key = _whole_path_key_or_why(graph, ctx, chain, region, source)
    if isinstance(key, str):
        ctx.note(PASS_NAME, f"path {where} not sharded: {key}")
        return False
    conf = cp_argvec(graph.element(source).config)
    configs = [", ".join([*conf, f"SHARD {k}", f"SHARDS {nrep}", f"SHARD_OFFSET {key.offset}",
                          f"SHARD_LENGTH {key.length}"]) for k in range(nrep)]
    _split_source(graph, source, configs, region)
    ctx.note(PASS_NAME, f"replicated the whole path behind {source} with it "
                        f"({len(region.elements) + 1} elements) into {nrep} shards, copy K "
                        f"reading the records that HashSwitch({key.offset}, {key.length}) sends "
                        f"to output K of {nrep} (no software split, no packet changes CPU): "
                        f"{work:.0f} -> {per_copy:.0f} cycles/packet on each thread")
    return True


def _whole_path_key_or_why(graph: RouterGraph, ctx: PassContext, chain: Chain, region: Region,
                           *more: str) -> FlowKey | str:
    """The flow key of a whole-path replication of ``region`` (and ``more`` elements, e.g. a
    sharded source) behind ``chain``'s source (:func:`whole_path_key`), or why it cannot be
    made (:func:`_refusal_names`, or no IP header position on the path)."""
    why = _refusal_names(graph, ctx, region, *more)
    if why is not None:
        return why
    key = whole_path_key(graph, ctx, chain)
    return key if key is not None else "the IP header's position is not known on the path"


def _refusal_names(graph: RouterGraph, ctx: PassContext, region: Region,
                   *more: str) -> str | None:
    """Why a whole-path region (and ``more`` elements) cannot be replicated by name: an
    element named in another element's configuration (a replica would leave the reference
    dangling)."""
    refs = referenced_names(graph, ctx.registry)
    for n in [*region.elements, *more]:
        if n in refs:
            return f"{n} is named in another element's configuration"
    return None


def profiled_inline(ctx: PassContext, elements: list[str],
                    nrep: int) -> tuple[bool, str] | None:
    """Whether replica 0 stays inline on the front's thread, decided from a profile.

    A profile taken from a router that had these replicas (``NAME@rK`` records: a -j N build
    of the same configuration) says how the hash really spread the region's work: one IPsec
    SA, say, puts every packet in one replica.  With replica 0 inline, the front's thread
    carries its measured work; queued, placement can give it a thread.  Both layouts are
    priced from the profile (work = measured cycles/packet x packets, per element; the front =
    every measured element outside the replicas; each queued replica pays ``TRANSFER_CYCLES``
    per packet, SMP Click's Table 1), each with the best assignment of replicas to
    ``ctx.nthreads`` threads (the front on one of them); replica 0 is queued only when that
    lowers the busiest thread's work by ``MIN_GAIN`` (1.25x) and the front's thread stays the
    busiest one: a replica thread slower than the front would let its queue grow, and a
    backlog's buffers are cold when the replica reaches them (bench/bench_dualpath.py,
    Scenario II with 64-byte packets: 0.90x although the model predicted 1.42x).  Returns
    ``(inline, explanation)``, or None when there is no profile or it has no record of these
    replicas (keep the default).
    """
    prof = ctx.profile
    records = getattr(prof, "elements", None)
    if not isinstance(records, dict):
        return None
    work: list[float] = []
    into: list[int] = []
    for k in range(nrep):
        w = 0.0
        for n in elements:
            r = records.get(f"{n}@r{k}")
            if r is None:
                return None
            cpp = r.cycles_per_packet
            w += (cpp or 0.0) * r.packets_in
        work.append(w)
        into.append(records[f"{elements[0]}@r{k}"].packets_in)
    mine = {f"{n}@r{k}" for n in elements for k in range(nrep)}
    front = sum((r.cycles_per_packet or 0.0) * r.packets_in
                for name, r in records.items() if name not in mine)
    if front + sum(work) <= 0:
        return None

    def makespan(queued: list[int], base: float) -> tuple[float, bool]:
        """The busiest thread's work over the best assignment of the queued replicas, and
        whether the front's thread is that busiest thread there."""
        best, front_bound = float("inf"), True
        n = ctx.nthreads
        for code in range(n ** len(queued)):
            load = [base] + [0.0] * (n - 1)
            c = code
            for k in queued:
                load[c % n] += work[k] + TRANSFER_CYCLES * into[k]
                c //= n
            if max(load) < best:
                best, front_bound = max(load), load[0] >= max(load)
        return best, front_bound

    with_inline, _ = makespan(list(range(1, nrep)), front + work[0])
    all_queued, front_bound = makespan(list(range(nrep)), front)
    shares = ", ".join(f"r{k} {100 * w / (front + sum(work)):.0f}%" for k, w in enumerate(work))
    keep = with_inline <= all_queued * MIN_GAIN or not front_bound
    verdict = ("every replica queued (the profile's skew makes it worth a thread)" if not keep
               else "replica 0 stays inline" if front_bound else
               "replica 0 stays inline: queued, a replica's thread would be slower than the "
               "front feeding it, and its queue would grow (a backlog of cold buffers)")
    return keep, (f"{elements[0]}: profile shares of the router's work: front "
                  f"{100 * front / (front + sum(work)):.0f}%, {shares}; busiest thread "
                  f"{with_inline:.3g} cycles with replica 0 inline, {all_queued:.3g} with every "
                  f"replica queued: {verdict}")


PASSES = [
    Pass(PASS_NAME, "replicate an expensive push region per flow behind a HashSwitch, or in "
         "order behind an OrderSplit/OrderMerge when it is per-packet work a flow key cannot "
         "spread (whole priority subgraphs when a scheduler is involved; -j > 1)", run,
         recheck=True,
         provides=("flow-split",), options=SplitOptions),
]
