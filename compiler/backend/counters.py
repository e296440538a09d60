"""Per-port packet counters (``--stats``): one counter per connection where one is enough.

Every element has an ``in_packets`` count per input port and an ``out_packets`` count per
output port (``ck_element_def``; the runtime prints them with ``--stats`` and in profiles).
Counting both ends of every connection costs two memory increments per hop.  But a connection
whose two ends carry no other connection counts the same packets at both ends: a push output
has one connection (Click's rule), so when its target input has no other feeder, that input's
count equals the output's; a pull input has one connection (Click's rule), so when its source
output has no other consumer (a pull output may feed several pull inputs), likewise.

For such a connection one counter is kept and the other end's array *is* that counter:

* when the target element has exactly one input, its ``in_packets`` array is a pointer to the
  source's ``out_packets[k]`` (the target declares no array of its own);
* otherwise, when the source element has exactly one output, its ``out_packets`` array points
  at the target's ``in_packets[j]``;
* otherwise both are counted, as before.

The values ``--stats`` prints are unchanged; each hop of a chain of one-input elements costs
one increment instead of two.  A kept counter is a relaxed atomic when either end needed one
(an element several threads run, a Queue with several producers: docs/concurrency.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # model.py builds the plan (RouterModel.counters)
    from .model import RouterModel


@dataclass(frozen=True)
class Counter:
    """One increment: the C lvalue counted and whether it is a relaxed atomic add."""

    lvalue: str
    atomic: bool

    def add(self, n: str = "1") -> str:
        """C statement (no trailing semicolon) adding the C expression ``n`` to the counter."""
        if self.atomic:
            return f"__atomic_fetch_add(&{self.lvalue}, (uint64_t)({n}), __ATOMIC_RELAXED)"
        return f"{self.lvalue}++" if n == "1" else f"{self.lvalue} += (uint64_t)({n})"


@dataclass
class CounterPlan:
    """What the template declares and increments.

    ``declare_in``/``declare_out``: element indices whose own count arrays exist;
    ``in_array``/``out_array``: the C expression ``ck_element_def`` gets for each element with
    inputs/outputs (its own array or a pointer into the other end's); ``alias_notes``: one
    comment line per element whose array is another's counter; ``push``: per (element, output
    port) of a connected push output, the increments made when a packet crosses it; ``pull``:
    per (element, input port) of a connected pull input, those made when a pull returns a
    packet."""

    declare_in: set[int] = field(default_factory=set)
    declare_out: set[int] = field(default_factory=set)
    in_array: dict[int, str] = field(default_factory=dict)
    out_array: dict[int, str] = field(default_factory=dict)
    alias_notes: dict[int, str] = field(default_factory=dict)
    push: dict[tuple[int, int], list[Counter]] = field(default_factory=dict)
    pull: dict[tuple[int, int], list[Counter]] = field(default_factory=dict)

    def on_push(self, elem: int, port: int) -> list[Counter]:
        """Increments for a packet pushed out of ``elem``'s output ``port``."""
        return self.push.get((elem, port), [])

    def on_pull(self, elem: int, port: int) -> list[Counter]:
        """Increments for a packet ``elem`` pulled on its input ``port``."""
        return self.pull.get((elem, port), [])


def plan_counters(model: RouterModel) -> CounterPlan:
    """The counter plan of ``model`` (deterministic: elements and ports in index order).

    Click's port rules are assumed, as the frontend checks them: a push output and a pull
    input each have at most one connection."""
    els = model.elements
    plan = CounterPlan()
    feeders: dict[tuple[int, int], int] = {}
    consumers: dict[tuple[int, int], int] = {}  # pull output -> pull inputs it feeds
    for e in els:
        for o in e.outputs:
            if o.push and o.target is not None:
                feeders[o.target] = feeders.get(o.target, 0) + 1
        for i in e.inputs:
            if not i.push and i.source is not None:
                consumers[i.source] = consumers.get(i.source, 0) + 1
    in_alias: dict[int, tuple[int, int]] = {}   # target element -> (source, output port)
    out_alias: dict[int, tuple[int, int]] = {}  # source element -> (target, input port)

    def out_atomic(s: int) -> bool:
        return els[s].element_nthreads > 1

    def in_atomic(t: int) -> bool:
        return els[t].queue_producers > 1 or els[t].element_nthreads > 1

    def connect(s: int, k: int, t: int, j: int, exclusive: bool) -> list[Counter]:
        atomic = out_atomic(s) or in_atomic(t)
        if exclusive and els[t].ninputs == 1 and t not in in_alias:
            in_alias[t] = (s, k)
            return [Counter(f"e{s}__out_packets[{k}]", atomic)]
        if exclusive and els[s].noutputs == 1 and s not in out_alias:
            out_alias[s] = (t, j)
            return [Counter(f"e{t}__in_packets[{j}]", atomic)]
        return [Counter(f"e{s}__out_packets[{k}]", out_atomic(s)),
                Counter(f"e{t}__in_packets[{j}]", in_atomic(t))]

    for e in els:
        for o in e.outputs:
            if o.push and o.target is not None:
                t, j = o.target
                plan.push[(e.index, o.port)] = connect(e.index, o.port, t, j,
                                                       feeders[o.target] == 1)
        for i in e.inputs:
            if not i.push and i.source is not None:
                s, k = i.source
                plan.pull[(e.index, i.port)] = connect(s, k, e.index, i.port,
                                                       consumers[i.source] == 1)
    for e in els:
        if e.ninputs:
            if e.index in in_alias:
                s, k = in_alias[e.index]
                plan.in_array[e.index] = f"&e{s}__out_packets[{k}]"
                plan.alias_notes[e.index] = (f"e{e.index}__in_packets: its one input counts "
                                             f"with e{s}__out_packets[{k}]")
            else:
                plan.declare_in.add(e.index)
                plan.in_array[e.index] = f"e{e.index}__in_packets"
        if e.noutputs:
            if e.index in out_alias:
                t, j = out_alias[e.index]
                plan.out_array[e.index] = f"&e{t}__in_packets[{j}]"
                note = (f"e{e.index}__out_packets: its one output counts with "
                        f"e{t}__in_packets[{j}]")
                prev = plan.alias_notes.get(e.index)
                plan.alias_notes[e.index] = f"{prev}; {note}" if prev else note
            else:
                plan.declare_out.add(e.index)
                plan.out_array[e.index] = f"e{e.index}__out_packets"
    return plan
