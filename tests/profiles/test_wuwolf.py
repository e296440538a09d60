"""Wu & Wolf's task duplication (Alg. 2) and UDFS mapping (supplement Alg. 1)."""

from __future__ import annotations

import itertools
from collections import Counter

from clickc.passes.wuwolf import Instance, TaskLoad, imbalance, task_duplication, udfs_mapping
from hypothesis import given, settings
from hypothesis import strategies as st

loads = st.dictionaries(
    st.text("abcdefgh", min_size=1, max_size=3),
    st.builds(TaskLoad, st.floats(0, 1e6), st.floats(0, 5000)),
    min_size=1, max_size=5)


def _max_work(tasks: dict[str, TaskLoad], d: dict[str, int]) -> float:
    return max(t.work / d[n] for n, t in tasks.items())


def test_duplication_paper_shape() -> None:
    # A VPN-heavy mix: one task of 746 cycles/packet among cheap ones (Fig. 6's range).
    tasks = {"classify": TaskLoad(1e5, 20), "ipsec": TaskLoad(1e5, 746),
             "lookup": TaskLoad(1e5, 60), "arp": TaskLoad(0, 5)}
    d = task_duplication(tasks, 16)
    assert sum(d.values()) == 16
    assert d["arp"] == 1                # no traffic: never duplicated
    assert d["ipsec"] == max(d.values())
    assert d["ipsec"] >= 11             # gets most of the instances


@settings(max_examples=200, deadline=None)
@given(loads, st.integers(0, 9))
def test_duplication_is_minmax_optimal(tasks: dict[str, TaskLoad], extra: int) -> None:
    """The greedy rule minimizes the largest per-instance work over every split of the
    same instance budget (checked by brute force on small cases)."""
    limit = len(tasks) + extra
    d = task_duplication(tasks, limit)
    assert sum(d.values()) == limit and all(v >= 1 for v in d.values())
    names = sorted(tasks)
    best = min(
        _max_work(tasks, dict(zip(names, combo, strict=True)))
        for combo in itertools.product(range(1, extra + 2), repeat=len(names))
        if sum(combo) == limit)
    assert _max_work(tasks, d) <= best * (1 + 1e-9) + 1e-9


def test_duplication_budget_below_task_count_keeps_one_each() -> None:
    d = task_duplication({"a": TaskLoad(1, 1), "b": TaskLoad(2, 2)}, 1)
    assert d == {"a": 1, "b": 1}


def test_udfs_follows_highest_utilization_path_first() -> None:
    # entry -> {hot, cold}; hot -> out.  Two CPUs, one instance each: the walk goes
    # entry, hot, out (fills CPU 0 with 2, then CPU 1) before cold.
    tasks = {"entry": TaskLoad(100, 10), "hot": TaskLoad(90, 10), "cold": TaskLoad(10, 10),
             "out": TaskLoad(90, 10)}
    edges = [("entry", "hot"), ("entry", "cold"), ("hot", "out")]
    d = dict.fromkeys(tasks, 1)
    m = udfs_mapping(tasks, edges, d, 2)
    assert m[Instance("entry", 0)] == 0 and m[Instance("hot", 0)] == 0
    assert m[Instance("out", 0)] == 1 and m[Instance("cold", 0)] == 1


@settings(max_examples=200, deadline=None)
@given(loads, st.integers(1, 4), st.integers(0, 8))
def test_udfs_equal_counts_and_total(tasks: dict[str, TaskLoad], ncpus: int,
                                     extra: int) -> None:
    names = sorted(tasks)
    edges = [(a, b) for a, b in zip(names, names[1:], strict=False)]
    d = task_duplication(tasks, len(tasks) + extra)
    m = udfs_mapping(tasks, edges, d, ncpus)
    assert len(m) == sum(d.values())
    per_cpu = Counter(m.values())
    counts = [per_cpu.get(p, 0) for p in range(ncpus)]
    assert max(counts) - min(counts) <= 1
    assert all(0 <= c < ncpus for c in m.values())
    assert abs(sum(imbalance(tasks, d, m, ncpus)) - sum(t.work for t in tasks.values())) \
        <= 1e-6 * max(1.0, sum(t.work for t in tasks.values()))


def test_udfs_long_chain_no_recursion_limit() -> None:
    tasks = {f"t{i:05d}": TaskLoad(1, 1) for i in range(5000)}
    names = sorted(tasks)
    m = udfs_mapping(tasks, list(zip(names, names[1:], strict=False)),
                     dict.fromkeys(tasks, 1), 2)
    assert m[Instance(names[0], 0)] == 0 and m[Instance(names[-1], 0)] == 1
