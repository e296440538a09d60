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
one increment instead of two.  A kept counter of a push connection is a relaxed atomic when
either end needed one (an element several threads run, a Queue with several producers:
docs/concurrency.md).  A pull connection's count is made only by the puller's code, so its kept
counter is atomic only when the puller runs on several threads, and when the two ends are on
different threads (a Queue between threads) the counter is the puller's array, declared with
the puller's thread state: the consumer of a ring does not add to a cache line of the
producer's thread for every packet it takes (docs/concurrency.md, "False sharing").
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

    def pull_exclusive(s: int, k: int, t: int, j: int) -> list[Counter]:
        # Only the puller's code counts a pull connection's packets, on the puller's threads:
        # the counter is atomic only when the puller runs on several, and it lives in the
        # puller's array where it can (declared with the puller's thread state), so a Queue
        # between threads does not have its consumer add to a line of the producer's thread.
        atomic = els[t].element_nthreads > 1
        ends = [(s, k, t, j, in_alias), (t, j, s, k, out_alias)]  # (kept array's end, alias)
        if els[s].thread != els[t].thread:
            ends.reverse()
        for a, pa, b, _pb, alias in ends:
            ports = els[b].ninputs if alias is in_alias else els[b].noutputs
            if ports == 1 and b not in alias:
                alias[b] = (a, pa)
                kind = "out" if alias is in_alias else "in"
                return [Counter(f"e{a}__{kind}_packets[{pa}]", atomic)]
        return connect(s, k, t, j, False)

    for e in els:
        for o in e.outputs:
            if o.push and o.target is not None:
                t, j = o.target
                plan.push[(e.index, o.port)] = connect(e.index, o.port, t, j,
                                                       feeders[o.target] == 1)
        for i in e.inputs:
            if not i.push and i.source is not None:
                s, k = i.source
                plan.pull[(e.index, i.port)] = (
                    pull_exclusive(s, k, e.index, i.port) if consumers[i.source] == 1
                    else connect(s, k, e.index, i.port, False))
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
