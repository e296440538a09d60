"""The ``pipeline-cut`` pass: split an expensive push path into stages with Queue+Unqueue.

SMP Click §2.3 ("Pipeline paths") and §6.2 (Fig. 14): when one push path holds several
expensive elements, inserting ``Queue -> Unqueue`` between them lets two threads work on two
stages of the path at once (decryption in parallel with encryption).  Cutting a cheap path
loses, because moving every packet between CPUs costs more than the stage saves (SMP Click
§5.2, Table 1), so the pass follows the cost model (clickc.passes.costmodel): for each push
chain (clickc.passes.paths) it finds the balanced cut into at most ``-j`` stages with the
smallest bottleneck, counting :data:`~clickc.passes.costmodel.TRANSFER_CYCLES` per queue, and
applies it only when the bottleneck falls by at least
:data:`~clickc.passes.costmodel.MIN_GAIN`, and, priced again with this machine's calibrated
transfer (:func:`~clickc.passes.costmodel.calibrated_transfer`), by at least
:data:`~clickc.passes.costmodel.MIN_PARALLEL_GAIN`.

Inserted elements are named after the element the new stage starts with: ``NAME@cutq``
(``Queue(CAPACITY)``) and ``NAME@cutuq`` (``Unqueue(BURST)``), marked
``facts.inserted_by = "pipeline-cut"``.  The pass does nothing with one thread.  Elements
already replicated by ``flow-split`` are left alone (their replicas already run in parallel).

Options (``--pass-option``): ``cut_capacity=N`` (Queue capacity, default 1000, Click's
default), ``cut_burst=N`` (Unqueue burst, default 32), ``cut_stages=N`` (most stages per path;
default: the thread count), and ``cost=...`` (clickc.passes.costmodel).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from clickc.errors import Landmark
from clickc.ir import Connection, Element, RouterGraph

from .costmodel import (
    MIN_GAIN,
    MIN_PARALLEL_GAIN,
    TRANSFER_CYCLES,
    CostOptions,
    best_cut,
    calibrated_transfer,
    costs_of,
    cut_plan,
    parallel_pays,
)
from .manager import Pass, PassContext, int_at_least, option
from .paths import Chain, push_chains
from .rewrite import add_inserted, fresh_name, move_to

PASS_NAME = "pipeline-cut"


@dataclass(frozen=True)
class CutOptions(CostOptions):
    """``pipeline-cut``'s ``--pass-option`` settings (and the cost model's ``cost``)."""

    cut_capacity: int = option(1000, "capacity of each inserted Queue (Click's default)",
                               int_at_least(1))
    cut_burst: int = option(32, "burst of each inserted Unqueue", int_at_least(1))
    cut_stages: int | None = option(None, "most stages per path", int_at_least(1),
                                    default_text="the thread count")


def insert_queue(graph: RouterGraph, c: Connection, base: str, suffix: str, inserted_by: str,
                 capacity: int, burst: int, landmark: Landmark,
                 **facts: Any) -> tuple[str, str]:
    """Put ``Queue(capacity) -> Unqueue(burst)`` on connection ``c`` (``c.src -> Queue``,
    ``Unqueue -> c.dst``).  Names: ``{base}@{suffix}q`` and ``{base}@{suffix}uq`` (made unique
    with fresh_name).  Returns the two names."""
    qn = fresh_name(graph, f"{base}@{suffix}q")
    q = add_inserted(graph, qn, "Queue", str(capacity), landmark, inserted_by, **facts)
    un = fresh_name(graph, f"{base}@{suffix}uq")
    u = add_inserted(graph, un, "Unqueue", str(burst), landmark, inserted_by, **facts)
    move_to(graph, c, q.name, 0)
    graph.connect(q.name, 0, u.name, 0, landmark)
    graph.connect(u.name, 0, c.dst, c.dport, landmark)
    return q.name, u.name


def _describe(graph: RouterGraph, chain: Chain) -> str:
    first, last = chain.elements[0], chain.elements[-1]
    return first if first == last else f"{first}..{last}"


def cut_chain(graph: RouterGraph, chain: Chain, cuts: tuple[int, ...], capacity: int,
              burst: int) -> list[str]:
    """Insert a Queue+Unqueue before chain element i for each i in ``cuts``; returns the
    names of the stage heads (the elements the new stages start with)."""
    heads = []
    for i in cuts:
        name = chain.elements[i]
        into = graph.inputs(name)[0]
        lm = graph.element(name).landmark
        insert_queue(graph, into, name, "cut", PASS_NAME, capacity, burst, lm)
        heads.append(name)
    return heads


def run(graph: RouterGraph, ctx: PassContext) -> None:
    """The pass (see the module docstring)."""
    if ctx.nthreads < 2:
        ctx.note(PASS_NAME, "one thread: no pipeline cuts")
        return
    opts = ctx.options.of(CutOptions)
    capacity = opts.cut_capacity
    burst = opts.cut_burst
    max_stages = opts.cut_stages if opts.cut_stages is not None else ctx.nthreads
    max_stages = min(max_stages, ctx.nthreads)

    def skip(e: Element) -> bool:
        return e.facts.replica_of is not None or e.facts.inserted_by == "flow-split"

    for chain in push_chains(graph, ctx.registry, skip):
        costs = costs_of(graph, chain.elements, ctx)
        prefix = sum(costs_of(graph, chain.prefix, ctx))
        uncut = prefix + sum(costs)
        plan = best_cut(prefix, costs, max_stages)
        where = _describe(graph, chain)
        if not plan.cuts or plan.bottleneck * MIN_GAIN > uncut:
            if uncut < TRANSFER_CYCLES * 2:
                why = (f"{uncut:.0f} cycles/packet: cheaper than two cross-CPU transfers "
                       f"({TRANSFER_CYCLES:.0f} cycles each)")
            else:
                why = (f"{uncut:.0f} cycles/packet, best cut "
                       f"{plan.bottleneck:.0f}: gain under {MIN_GAIN}x")
            ctx.note(PASS_NAME, f"path {where} not cut: {why}")
            continue
        cal, source = calibrated_transfer()
        checked = cut_plan(prefix, costs, plan.cuts, cal)
        if not parallel_pays(uncut, checked.bottleneck):
            ctx.note(PASS_NAME, f"path {where} not cut: {uncut:.0f} cycles/packet, the cut's "
                                f"busiest stage {checked.bottleneck:.0f} with the {source}: "
                                f"gain under {MIN_PARALLEL_GAIN}x")
            continue
        heads = cut_chain(graph, chain, plan.cuts, capacity, burst)
        stages = ", ".join(f"{s:.0f}" for s in plan.stages)
        ctx.note(PASS_NAME, f"path {where} ({uncut:.0f} cycles/packet) cut before "
                            f"{', '.join(heads)}: {len(plan.stages)} stages of {stages} cycles")


PASSES = [
    Pass(PASS_NAME, "cut expensive push paths into pipeline stages (Queue+Unqueue) when the "
         "cost model says it pays (-j > 1)", run, recheck=True, provides=("pipeline-cut",),
         options=CutOptions),
]
