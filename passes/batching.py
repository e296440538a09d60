"""Batch conversion (``--batch N``): a source's burst crosses a region of elements one element
at a time instead of one packet at a time (DoubleClick, Kim et al., section 3 and
Table 1; docs/batching.md), with Click's per-packet semantics kept exactly.

This pass decides *where*; the backend (``clickc.backend.batching``) generates the C.  See
docs/batching.md for the design and the argument that outputs do not change.

- **Producers**: a task that emits a burst on a push output.  InfiniteSource (its template
  collects up to ``BATCH_SIZE`` packets of a burst and hands them to ``OUTPUT_BATCH``).
  Other sources and Unqueue-like tasks (``ElementSpec.schedulable`` ``source``/``unqueue``)
  emit one packet per push in Click's order (FromDump reads one packet per task run, Unqueue
  interleaves its pulls and pushes), so their region runs carry one packet each: the same
  machinery, no burst.
- **Members**: elements whose result for a packet does not depend on the order in which they
  see packets or on time: their state is nothing, read-only tables or commutative counters
  (drops), they make no timing decision, draw no random numbers and call no handlers.  The
  classes' specs say so (``ElementSpec.order_free``, each checked against its template); a
  member must also have ``ElementSpec.batchable``, only push ports, and run on the producer's
  thread.  Members are the order-free elements reachable from the producer's output
  through members.
- The region is processed member by member: each member loops over the packets waiting at
  its inputs (Table 1: a loop for 1-in/1-out elements; drops are dropped in the loop; an
  element with several outputs fills one sub-batch per output), until no member has work.
  Packets leaving the region (*exits*: connections from a member to a non-member) are held
  and delivered at the end in the order per-packet processing would have delivered them
  (depth-first order of the tree of packets the burst produced), so every non-member element
  sees exactly Click's packet sequence.  A non-member pushing into a member (*entry*, e.g.
  ICMPError into the route lookup) starts a nested run of one packet at that point.
- Elements with per-packet timing (shapers, rate limiters, schedulers, queues) are never
  members; they see the exact sequence anyway.

- **Vector mode** (no ``--batch``, -O2 and -O3): regions of members that emit at most one
  packet per input (their C makes no packet) and form no cycle, fed by a source's burst, where
  :func:`vector_plan` predicts a speedup of at least the ``vector_gain`` option (the misses of
  route-table lookups, priced from the table's size by clickc.passes.costmodel or from the
  profile, overlap across the vector).  Such regions (``BatchRegion.one_per_input``, also
  with ``--batch N`` when every member qualifies) keep Click's order with one exit slot per
  burst packet instead of items (docs/batching.md "Vector mode").

Result: ``graph.facts.batch_regions``, a list of :class:`clickc.ir.BatchRegion` (producer,
port 0, members in breadth-first order, or topological for one-per-input regions, size N,
burst); ``Element.facts.batch_member``.  Nothing happens with ``--batch 0`` (per packet).
"""

from __future__ import annotations

from dataclasses import dataclass

from clickc.elements.cfacts import CFacts
from clickc.elements.registry import SpecSource
from clickc.elements.spec import ElementSpec
from clickc.ir import BatchRegion, Element, RouterGraph

from .costmodel import CostOptions, costs_of, overlapped, table_lookup_cycles
from .manager import Pass, PassContext, int_at_least, number_at_least_zero, option

NAME = "batch"

#: Largest --batch honoured (a region run's packets are indexed in 16 bits).
MAX_BATCH = 1024

def _order_free(e: Element, spec: ElementSpec) -> bool:
    """``ElementSpec.order_free`` of ``e`` with its configuration.  The classes marked were
    each checked against their templates: state is none, read-only tables, or counters that
    only add (drops, counts read by handlers after the run); no timing decision, timer, random
    number or handler call on the packet path.  IPGWOptions writes the current time into IP
    timestamp options (the time a packet is processed, not a decision).  The diagnostics some
    print on their first failures (CheckIPHeader, IPFragmenter, DropBroadcasts) are the only
    effect whose order relative to other elements' messages may change (docs/batching.md).
    IPFragmenter's rule: order-free only when it honours DF (it draws random IP IDs
    otherwise)."""
    return bool(spec.is_order_free(e))


def _ports_push(e: Element) -> bool:
    return (all(k == "push" for k in e.input_kinds)
            and all(k == "push" for k in e.output_kinds))


def member_ok(graph: RouterGraph, e: Element, registry: SpecSource, thread: int,
              single: bool = False) -> bool:
    """Whether ``e`` may be a member of a region run on ``thread`` (see the module doc);
    with ``single``, only if it emits at most one packet per input (vector mode: its C file
    makes no packet, :attr:`CFacts.makes_packets`)."""
    spec: ElementSpec | None = registry.get(e.class_name)
    if spec is None or not _order_free(e, spec) or not spec.batchable:
        return False
    if single:
        facts = registry.c_facts(e.class_name)
        if facts is None or facts.makes_packets:
            return False
    return _ports_push(e) and int(e.facts.thread) == thread


def region(graph: RouterGraph, producer: Element, registry: SpecSource,
           single: bool = False) -> list[str]:
    """Member names of the region fed by ``producer``'s output 0, breadth-first (empty when
    its target cannot be a member); ``single`` as in :func:`member_ok` (the region then stops
    before elements that may emit several packets per input, which run per packet after it,
    in burst order)."""
    thread = int(producer.facts.thread)
    conns = graph.outputs(producer.name, 0)
    if len(conns) != 1:
        return []
    root = conns[0].dst

    def ok(n: str) -> bool:
        return member_ok(graph, graph.element(n), registry, thread, single)
    if not ok(root):
        return []
    order = graph.downstream(root, ok)
    # every element pushing into a member must run on the same thread (entries run nested)
    for n in order:
        for c in graph.inputs(n):
            if int(graph.element(c.src).facts.thread) != thread:
                return []
    return order


@dataclass(frozen=True)
class BatchOptions(CostOptions):
    """``batch``'s ``--pass-option`` settings for vector mode (chosen without ``--batch``)."""

    vector_size: int = option(32, "packets per vector where -O2 chooses vector mode",
                              int_at_least(1))
    vector_gain: float = option(1.10, "predicted speedup a region needs before -O2 "
                                "processes it as vectors", number_at_least_zero)


#: Cycles per packet that a vector region adds: the burst's prefetch and index, the entry
#: loop, the exit slot and its delivery (about 20 instructions per packet in callgrind on
#: bench/configs/l3fwd.click: docs/batching.md "Vector mode").
VECTOR_REGION_CYCLES = 6.0
#: Cycles per packet per vector kernel (a member fed through an input vector): the append
#: to its vector and the kernel's loop step (about 10 instructions per packet).
VECTOR_KERNEL_CYCLES = 3.0


def one_per_input(members: list[str], graph: RouterGraph, registry: SpecSource) -> bool:
    """Whether every member emits at most one packet per packet it receives (its C file makes
    no packet: :attr:`CFacts.makes_packets`) and the members' connections form no cycle.  Then
    each packet of a burst visits each member at most once and leaves the region at most
    once, and burst order is the order per-packet processing delivers them in, so the backend
    keeps Click's order with one exit slot per burst packet and no items."""
    for n in members:
        facts = registry.c_facts(graph.element(n).class_name)
        if facts is None or facts.makes_packets:
            return False
    return topological(members, graph) is not None


def topological(members: list[str], graph: RouterGraph) -> list[str] | None:
    """``members`` ordered so that each comes after every member that pushes into it (ties in
    the given order), or None when their connections form a cycle."""
    inside = set(members)
    preds = {n: {c.src for c in graph.inputs(n) if c.src in inside and c.src != n}
             for n in members}
    if any(c.dst == n for n in members for c in graph.outputs(n)):
        return None
    order: list[str] = []
    done: set[str] = set()
    while len(order) < len(members):
        ready = [n for n in members if n not in done and preds[n] <= done]
        if not ready:
            return None
        order.append(ready[0])
        done.add(ready[0])
    return order


def _has_kernel(e: Element, registry: SpecSource) -> bool:
    facts = registry.c_facts(e.class_name)
    return facts is not None and facts.defines("push_vector")


def vector_plan(graph: RouterGraph, members: list[str], size: int,
                ctx: PassContext) -> tuple[float, float, str]:
    """(per-packet cycles, vector cycles, reason) of a one-per-input region of ``members``
    processed as vectors of ``size``.  Per packet: the members' costs
    (clickc.passes.costmodel.element_cost: the profile when there is one, else the class
    prior plus, for a class with a table, ``table_lookup_cycles`` of its
    ``ElementSpec.table_entries``).  As vectors: the same, with the misses of each member
    that has a vector kernel (``ELEM(push_vector)``: the route lookups' bulk lookup) overlapped
    (``costmodel.overlapped``) -- its table's modelled misses, or with a profile its measured
    cost above the class prior -- plus :data:`VECTOR_REGION_CYCLES`, and
    :data:`VECTOR_KERNEL_CYCLES` per kernel (the other members are called per packet)."""
    base = costs_of(graph, members, ctx)
    per_packet = vector = sum(base)
    why: list[str] = []
    for n, c in zip(members, base, strict=True):
        e = graph.element(n)
        spec = ctx.registry.get(e.class_name)
        if spec is None or not _has_kernel(e, ctx.registry):
            continue
        if ctx.profile is not None and n in ctx.profile:
            miss = max(0.0, c - float(spec.cost))
            src = f"profile {c:.0f} cycles"
        else:
            entries = spec.table_size(e) or 0
            miss = table_lookup_cycles(entries) if entries else 0.0
            src = f"{entries} entries"
        vector += overlapped(miss, size) - miss + VECTOR_KERNEL_CYCLES
        why.append(f"{n} misses {miss:.0f} cycles ({src})")
    vector += VECTOR_REGION_CYCLES
    return per_packet, vector, "; ".join(why) or "no member with a vector kernel"


def auto_vector_size(producer: Element, ctx: PassContext) -> int:
    """Vector size for ``producer`` without ``--batch``: its burst (``ElementSpec.burst``),
    at most the ``vector_size`` option; 1 when it emits one packet per run."""
    spec = ctx.registry.get(producer.class_name)
    burst = spec.burst(producer) if spec is not None and spec.burst is not None else None
    return max(1, min(burst or 1, ctx.options.of(BatchOptions).vector_size))


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """Record the batch regions of ``graph`` for the backend.

    ``--batch N`` (N > 0): every region, batches of N.  Without ``--batch`` at -O2 and above:
    vector mode where the cost model predicts a speedup of at least ``vector_gain``
    (:func:`vector_plan`) for a one-per-input region fed by a burst.  ``--batch 0``, -O0 and
    -O1 without ``--batch``: nothing.

    graph: a checked router graph with push/pull kinds.  Sets ``graph.facts.batch_regions``
    (:class:`clickc.ir.BatchRegion`) and each member's ``Element.facts.batch_member`` (the
    producer's name).  An element belongs to at most one region (the first producer in
    declaration order that reaches it).  Never raises on a valid graph."""
    auto = ctx.batch is None
    if auto and ctx.opt < 2:
        return
    if not auto and (ctx.batch or 0) <= 0:
        return
    forced = min(ctx.batch or 0, MAX_BATCH)
    if (ctx.batch or 0) > MAX_BATCH:
        ctx.errh.warning(None, f"--batch {ctx.batch}: batches are limited to {MAX_BATCH}")
    regions: list[BatchRegion] = []
    taken: set[str] = set()
    for e in graph.elements():
        if not e.output_kinds or e.output_kinds[0] != "push":
            continue
        spec = ctx.registry.get(e.class_name)
        # a producer: its template implements OUTPUT_BATCH on output 0 (a C fact)
        facts: CFacts | None = ctx.registry.c_facts(e.class_name)
        burst = facts is not None and facts.batch_output
        if not burst and (spec is None or spec.schedulable not in ("source", "unqueue")):
            continue
        members = region(graph, e, ctx.registry, single=auto)
        if not members:
            if not auto:
                ctx.note(NAME, f"{e.name}: per packet (its output does not lead to an element "
                               f"that can process batches)")
            continue
        if taken & set(members):
            ctx.note(NAME, f"{e.name}: per packet (its region overlaps another source's)")
            continue
        single = one_per_input(members, graph, ctx.registry)
        size = forced
        if auto:
            size = auto_vector_size(e, ctx) if burst else 1
            if not single or size < 2:
                why = ("its members form a cycle" if not single
                       else "its task emits one packet per run")
                ctx.note(NAME, f"{e.name}: per packet (vector mode: {why})")
                continue
            pp, vec, why = vector_plan(graph, members, size, ctx)
            gain = pp / vec if vec > 0 else 1.0
            if gain < ctx.options.of(BatchOptions).vector_gain:
                ctx.note(NAME, f"{e.name}: per packet (vector mode predicts {pp:.0f} -> "
                               f"{vec:.0f} cycles/packet, {gain:.2f}x: {why})")
                continue
            ctx.note(NAME, f"{e.name}: vectors of {size} (predicted {pp:.0f} -> {vec:.0f} "
                           f"cycles/packet, {gain:.2f}x: {why})")
        taken.update(members)
        for n in members:
            graph.element(n).facts.batch_member = e.name
        if single:
            members = topological(members, graph) or members
        regions.append(BatchRegion(producer=e.name, port=0, members=members, size=size,
                                   burst=burst, one_per_input=single))
        what = (f"bursts of up to {size}" if burst
                else "packets (one per run: its task emits one at a time)")
        order = ("one exit slot per packet" if single
                 else "depth-first order kept with items")
        ctx.note(NAME, f"{e.name}: {what} cross {len(members)} elements as batches "
                       f"({', '.join(members)}; {order})")
    if regions:
        graph.facts.batch_regions = regions


PASSES = [Pass(NAME, "--batch N, or vector mode where the cost model predicts a gain: bursts "
                     "cross order-free elements one element at a time (DoubleClick batching, "
                     "Click's packet order kept)", run, provides=("batch",),
               options=BatchOptions)]
