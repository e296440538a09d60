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

Result: ``graph.facts.batch_regions``, a list of :class:`clickc.ir.BatchRegion` (producer,
port 0, members in breadth-first order, size N, burst); ``Element.facts.batch_member``.
Nothing happens with ``--batch 0`` (per packet), the default.
"""

from __future__ import annotations

from clickc.elements.cfacts import CFacts
from clickc.elements.registry import SpecSource
from clickc.elements.spec import ElementSpec
from clickc.ir import BatchRegion, Element, RouterGraph

from .manager import Pass, PassContext

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


def member_ok(graph: RouterGraph, e: Element, registry: SpecSource, thread: int) -> bool:
    """Whether ``e`` may be a member of a region run on ``thread`` (see the module doc)."""
    spec: ElementSpec | None = registry.get(e.class_name)
    if spec is None or not _order_free(e, spec) or not spec.batchable:
        return False
    return _ports_push(e) and int(e.facts.thread) == thread


def region(graph: RouterGraph, producer: Element, registry: SpecSource) -> list[str]:
    """Member names of the region fed by ``producer``'s output 0, breadth-first (empty when
    its target cannot be a member)."""
    thread = int(producer.facts.thread)
    conns = graph.outputs(producer.name, 0)
    if len(conns) != 1:
        return []
    root = conns[0].dst
    if not member_ok(graph, graph.element(root), registry, thread):
        return []
    order = graph.downstream(
        root, lambda n: member_ok(graph, graph.element(n), registry, thread))
    # every element pushing into a member must run on the same thread (entries run nested)
    for n in order:
        for c in graph.inputs(n):
            if int(graph.element(c.src).facts.thread) != thread:
                return []
    return order


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """Record the batch regions of ``graph`` for the backend (``--batch N``, N > 0).

    graph: a checked router graph with push/pull kinds.  Sets ``graph.facts.batch_regions``
    (:class:`clickc.ir.BatchRegion`) and each member's ``Element.facts.batch_member`` (the
    producer's name).  An element belongs to at most one region (the first producer in
    declaration order that reaches it).  Never raises on a valid graph."""
    if ctx.batch <= 0:
        return
    size = min(ctx.batch, MAX_BATCH)
    if ctx.batch > MAX_BATCH:
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
        members = region(graph, e, ctx.registry)
        if not members:
            ctx.note(NAME, f"{e.name}: per packet (its output does not lead to an element "
                           f"that can process batches)")
            continue
        if taken & set(members):
            ctx.note(NAME, f"{e.name}: per packet (its region overlaps another source's)")
            continue
        taken.update(members)
        for n in members:
            graph.element(n).facts.batch_member = e.name
        regions.append(BatchRegion(producer=e.name, port=0, members=members, size=size,
                                   burst=burst))
        what = (f"bursts of up to {size}" if burst
                else "packets (one per run: its task emits one at a time)")
        ctx.note(NAME, f"{e.name}: {what} cross {len(members)} elements as batches "
                       f"({', '.join(members)})")
    if regions:
        graph.facts.batch_regions = regions


PASSES = [Pass(NAME, "--batch N: bursts cross order-free elements one element at a time "
                     "(DoubleClick batching, Click's packet order kept)", run,
               provides=("batch",))]
