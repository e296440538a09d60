"""Wu & Wolf's runtime task allocation: task duplication (Algorithm 2) and UDFS mapping
(supplement, Algorithm 1).

Source: Q. Wu and T. Wolf, "Runtime Task Allocation in Multi-Core Packet Processing Systems",
IEEE TPDS (docs/profiles.md summarizes what clickc takes from it).

A *task* is a schedulable unit (in clickc: a schedulable element and the push or pull path it
drives).  For each task ``i`` a profile gives its utilization ``u_i`` (packets/s) and expected
service time ``E[S_i]`` (cycles/packet); its work is ``w_i = u_i * E[S_i]`` (cycles/s).
Duplication gives task ``i`` ``d_i`` instances that share its packets, so each instance does
``w'_i = u_i / d_i * E[S_i]``.  Mapping then places the instances on ``N`` CPUs, equal numbers
per CPU, depth first along the highest-utilization edges for locality.

Both functions are pure and deterministic (ties broken by task name).
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class TaskLoad:
    """One task's profile: ``utilization`` in packets/s, ``service`` in cycles/packet."""

    utilization: float
    service: float

    @property
    def work(self) -> float:
        """``w_i = u_i * E[S_i]`` in cycles/s."""
        return self.utilization * self.service


def task_duplication(tasks: Mapping[str, TaskLoad], limit: int) -> dict[str, int]:
    """Wu & Wolf Algorithm 2: instance counts ``d_i`` with ``sum(d_i) == max(limit, T)``.

    Every task starts with one instance; while the total is below ``limit`` (``N * M``:
    CPUs times instances per CPU), the task with the largest work per instance
    ``u_i / d_i * E[S_i]`` gets one more.  Ties go to the smaller task name.  With
    ``limit < len(tasks)`` every task keeps one instance (the paper assumes ``T <= N*M``).
    Raises ValueError for a negative utilization or service time.  O((limit) log T).
    """
    for name, t in tasks.items():
        if t.utilization < 0 or t.service < 0:
            raise ValueError(f"task {name}: negative utilization or service time")
    d = {name: 1 for name in tasks}
    heap = [(-t.work, name) for name, t in tasks.items()]
    heapq.heapify(heap)
    total = len(d)
    while total < limit and heap:
        _, name = heapq.heappop(heap)
        d[name] += 1
        total += 1
        heapq.heappush(heap, (-tasks[name].work / d[name], name))
    return d


@dataclass(frozen=True)
class Instance:
    """Instance ``index`` (0-based) of task ``task``."""

    task: str
    index: int

    def __str__(self) -> str:
        return f"{self.task}#{self.index}"


def udfs_mapping(tasks: Mapping[str, TaskLoad], edges: Sequence[tuple[str, str]],
                 duplicates: Mapping[str, int], ncpus: int,
                 entries: Sequence[str] | None = None) -> dict[Instance, int]:
    """Wu & Wolf's UDFS mapping (supplement Algorithm 1): every task instance -> CPU in
    ``range(ncpus)``.

    The instance graph connects every instance of ``a`` to every instance of ``b`` for each
    task edge ``(a, b)``.  Starting from the entry tasks (``entries``, default: tasks without
    a predecessor, in name order; then any task still unmapped), the walk is depth first and
    always continues to the unmapped successor instance of highest utilization (per instance:
    ``u_i / d_i``; ties by name, then instance index).  Instances fill CPU ``p`` up to its
    share (``ceil(total / ncpus)`` for the first ``total % ncpus`` CPUs, ``floor`` for the
    rest, so counts differ by at most one) before the walk moves to CPU ``p + 1``.
    Raises ValueError for ``ncpus < 1``, an edge naming an unknown task, or a task without
    a duplicate count.
    """
    if ncpus < 1:
        raise ValueError("ncpus must be at least 1")
    for a, b in edges:
        if a not in tasks or b not in tasks:
            raise ValueError(f"edge {a} -> {b} names an unknown task")
    for name in tasks:
        if duplicates.get(name, 0) < 1:
            raise ValueError(f"task {name} has no instance count")
    succ: dict[str, list[str]] = {n: [] for n in tasks}
    has_pred: set[str] = set()
    for a, b in edges:
        if b not in succ[a]:
            succ[a].append(b)
        has_pred.add(b)
    total = sum(duplicates[n] for n in tasks)
    base, extra = divmod(total, ncpus)
    share = [base + (1 if p < extra else 0) for p in range(ncpus)]

    def inst_util(n: str) -> float:
        return tasks[n].utilization / duplicates[n]

    mapping: dict[Instance, int] = {}
    state = {"cpu": 0, "used": 0}

    def place(inst: Instance) -> None:
        while state["cpu"] < ncpus - 1 and state["used"] >= share[state["cpu"]]:
            state["cpu"] += 1
            state["used"] = 0
        mapping[inst] = state["cpu"]
        state["used"] += 1

    def successors(inst: Instance) -> list[Instance]:
        out = [Instance(s, k) for s in succ[inst.task] for k in range(duplicates[s])]
        return [i for i in out if i not in mapping]

    def walk(start: Instance) -> None:
        # iterative depth-first search (a long chain must not hit Python's recursion limit)
        place(start)
        stack = [start]
        while stack:
            cands = successors(stack[-1])
            if not cands:
                stack.pop()
                continue
            nxt = min(cands, key=lambda i: (-inst_util(i.task), i.task, i.index))
            place(nxt)
            stack.append(nxt)

    starts = list(entries) if entries is not None else sorted(n for n in tasks
                                                               if n not in has_pred)
    order = starts + sorted(n for n in tasks if n not in starts)
    for name in order:
        for k in range(duplicates[name]):
            inst = Instance(name, k)
            if inst not in mapping:
                walk(inst)
    return mapping


def imbalance(tasks: Mapping[str, TaskLoad], duplicates: Mapping[str, int],
              mapping: Mapping[Instance, int], ncpus: int) -> list[float]:
    """Work per CPU (cycles/s) of a mapping: the sum of ``w_i / d_i`` over its instances."""
    load = [0.0] * ncpus
    for inst, cpu in mapping.items():
        load[cpu] += tasks[inst.task].work / duplicates[inst.task]
    return load
