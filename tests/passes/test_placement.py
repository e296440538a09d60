"""The thread analysis (clickc.passes.threads) and the ``placement`` pass.

Configurations are ours; the expected placements follow from the rules in docs/passes.md
(costs are set with ``--pass-option cost=`` or a profile so the expectations do not depend on
the classes' estimates).
"""

from __future__ import annotations

from typing import Any

import pytest
from clickc.driver import CompileOptions, check, optimize_graph, parse
from clickc.errors import ClickError, ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.ir import RouterGraph
from clickc.passes import manager
from clickc.passes.placement import _ring, greedy
from clickc.passes.threads import analyze


def build(text: str, nthreads: int = 2, options: dict[str, str] | None = None,
          profile: Any = None, passes: tuple[str, ...] = ("placement",),
          ) -> tuple[RouterGraph, list[str], ErrorHandler]:
    errh = ErrorHandler()
    graph = check(parse(Source(text=text, name="t.click"), {}, errh), errh).graph
    settings = tuple(f"{k}={v}" for k, v in (options or {}).items())
    explain: list[str] = []
    optimize_graph(graph, CompileOptions(threads=nthreads, passes=passes,
                                         pass_options=settings), errh, explain, profile=profile)
    return graph, explain, errh


def threads_of(graph: RouterGraph) -> dict[str, int]:
    return {e.name: e.facts.thread for e in graph.elements()}


TWO_PATHS = """
s1 :: InfiniteSource(LIMIT 10) -> a1 :: Strip(14) -> q1 :: Queue -> u1 :: Unqueue -> d1 :: Discard;
s2 :: InfiniteSource(LIMIT 10) -> a2 :: Strip(14) -> q2 :: Queue -> u2 :: Unqueue -> d2 :: Discard;
"""


def test_analysis_reach_fills_and_drains() -> None:
    graph, _, _ = build(TWO_PATHS, passes=())
    from clickc.elements import registry

    an = analyze(graph, registry)
    assert set(an.tasks) == {"s1", "s2", "u1", "u2"}
    assert an.tasks["s1"].reach == {"s1", "a1", "q1"}
    assert an.tasks["u1"].reach == {"u1", "q1", "d1"}
    assert an.tasks["s1"].fills == {"q1"} and an.tasks["u1"].drains == {"q1"}
    assert an.queues == ["q1", "q2"]
    assert an.affinity("s1", "u1") == 1 and an.affinity("s1", "u2") == 0


def test_pull_path_runs_on_the_puller_and_pulltee_push_copy_too() -> None:
    # ToDump pulls through PullTee; PullTee's push copy (output 1) runs on the puller's thread
    text = """s :: InfiniteSource(LIMIT 1) -> q :: Queue -> pt :: PullTee
              -> c :: Strip(1) -> td :: ToDump(/dev/null);
              pt[1] -> copy :: Counter -> Discard;
              StaticThreadSched(s 0, td 1);"""
    graph, _, errh = build(text)
    assert not errh.nerrors
    ex = {e.name: e.facts.exec_threads for e in graph.elements()}
    assert ex["pt"] == [1] and ex["c"] == [1] and ex["copy"] == [1]
    assert ex["q"] == [0, 1] and ex["s"] == [0]
    q = graph.element("q")
    assert (q.facts.ring, q.facts.producers) == ("spsc", 1)


def test_source_in_pull_context_is_not_a_task() -> None:
    text = """InfiniteSource(LIMIT 1) -> p :: Strip(1) -> u :: Unqueue -> Discard;"""
    graph, _, _ = build(text, passes=())
    from clickc.elements import registry

    an = analyze(graph, registry)
    assert list(an.tasks) == ["u"]
    assert an.tasks["u"].reach == {"u", "p", "InfiniteSource@1", "Discard@4"}


def test_one_thread_puts_everything_on_thread_0() -> None:
    graph, explain, _ = build(TWO_PATHS, nthreads=1)
    assert set(threads_of(graph).values()) == {0}
    assert [graph.element(q).facts.ring for q in ("q1", "q2")] == ["local", "local"]
    assert explain == ["[placement] 1 thread: every task on thread 0"]


def test_affinity_keeps_a_source_with_the_unqueue_that_drains_its_queue() -> None:
    # s cost 60+10+5, u 5+5+10: LPT alone would alternate; affinity keeps pairs together
    opts = {"cost": "s1:60,s2:60,a1:10,a2:10,q1:5,q2:5,u1:5,u2:5,d1:10,d2:10"}
    graph, explain, _ = build(TWO_PATHS, options=opts)
    t = threads_of(graph)
    assert t["s1"] == t["u1"] and t["s2"] == t["u2"] and t["s1"] != t["s2"]
    assert {graph.element(q).facts.ring for q in ("q1", "q2")} == {"local"}
    assert any("affinity" in line for line in explain)
    assert explain[-1].startswith("[placement] q2 :: Queue: ring local")


def test_affinity_refused_when_the_balance_does_not_allow() -> None:
    # one source feeding two Unqueues: both cannot join it without overloading its thread
    text = """s :: InfiniteSource(LIMIT 1) -> t :: Tee(2);
              t[0] -> q1 :: Queue -> u1 :: Unqueue -> Discard;
              t[1] -> q2 :: Queue -> u2 :: Unqueue -> Discard;"""
    prof = {"s": 100.0, "t": 0.0, "q1": 0.0, "q2": 0.0, "u1": 40.0, "u2": 40.0,
            "Discard@5": 0.0, "Discard@8": 0.0}
    # with free transfers: s (100) on 0; u1 (40): thread 1 gives makespan 100, its affinity
    # thread 0 would give 140 > 1.1 * LB = 1.1 * max(180 / 2, 100)
    free = {"placement.transfer": "0"}
    graph, explain, _ = build(text, profile=prof, options=free)
    t = threads_of(graph)
    assert (t["s"], t["u1"], t["u2"]) == (0, 1, 1)
    assert "its affinity thread 0 would give 140 > limit 110" in "\n".join(explain)
    # a generous tolerance lets the first Unqueue join its source, not the second
    graph, _, _ = build(text, profile=prof, options={**free, "placement.tolerance": "0.5"})
    t = threads_of(graph)
    assert (t["s"], t["u1"], t["u2"]) == (0, 0, 1)
    # at 340 cycles per transfer, handing these packets to another CPU costs more than the
    # parallelism gains: everything stays on one thread
    graph, explain, _ = build(text, profile=prof)
    t = threads_of(graph)
    assert (t["s"], t["u1"], t["u2"]) == (0, 0, 0)
    assert explain[-3].startswith("[placement] loads per thread (transfers included): 0: 180")


def test_greedy_is_lpt_largest_first_onto_least_loaded() -> None:
    costs = {"a": 7.0, "b": 5.0, "c": 4.0, "d": 3.0, "e": 1.0}
    place, lines = greedy(costs, 2, {}, lambda x, y: 0, 0.1, {n: i for i, n in enumerate(costs)})
    assert place == {"a": 0, "b": 1, "c": 1, "d": 0, "e": 1}
    assert lines[0] == "a cost 7 -> thread 0 (least loaded); loads 7/0"
    assert lines[-1] == "loads per thread (transfers included): 0: 10, 1: 10"
    fixed, _ = greedy(costs, 2, {"e": 1}, lambda x, y: 0, 0.1)
    assert fixed["e"] == 1 and fixed["a"] == 0


def test_static_thread_sched_wins_and_warns_out_of_range() -> None:
    text = """elementclass P { s :: InfiniteSource(LIMIT 1) -> Discard }
              p1 :: P; p2 :: P;
              StaticThreadSched(p1 1, p2/s 1, p2 7);"""
    graph, explain, errh = build(text)
    t = threads_of(graph)
    # 'p2 7' comes last: out of range, so thread 0
    assert t["p1/s"] == 1 and t["p2/s"] == 0
    msgs = [str(d) for d in errh.diagnostics]
    assert any("While configuring 'StaticThreadSched@" in m for m in msgs)
    assert any(m.endswith("warning: thread preference 7 out of range") for m in msgs)
    assert any("p1/s cost" in line and "(StaticThreadSched)" in line for line in explain)


def test_ring_kinds_from_producer_and_consumer_threads() -> None:
    text = """s1 :: InfiniteSource(LIMIT 1) -> q :: Queue -> u :: Unqueue -> Discard;
              s2 :: InfiniteSource(LIMIT 1) -> q;
              StaticThreadSched(s1 0, s2 1, u 1);"""
    graph, _, errh = build(text)
    q = graph.element("q")
    assert (q.facts.ring, q.facts.producers) == ("mpsc", 2)
    assert not errh.nerrors
    assert _ring({0}, {0}) == "local" and _ring({0}, {1}) == "spsc"
    assert _ring({0, 1}, {1}) == "mpsc" and _ring({0}, {0, 1}) == "mpmc"
    assert _ring(set(), {1}) == "local"


def test_unsafe_shared_element_is_a_compile_error() -> None:
    text = """s1 :: InfiniteSource(LIMIT 1) -> sw :: StrideSwitch(1, 2);
              s2 :: InfiniteSource(LIMIT 1) -> sw;
              sw[0] -> Discard; sw[1] -> Discard;
              StaticThreadSched(s1 0, s2 1);"""
    with pytest.raises(ClickError):
        build(text)
    # the same router on one thread is fine
    graph, _, errh = build(text, nthreads=1)
    assert not errh.nerrors


def test_unsafe_error_message_says_why() -> None:
    text = """s1 :: InfiniteSource(LIMIT 1) -> sw :: StrideSwitch(1, 2);
              s2 :: InfiniteSource(LIMIT 1) -> sw;
              sw[0] -> Discard; sw[1] -> Discard;
              StaticThreadSched(s1 0, s2 1);"""
    errh = ErrorHandler()
    graph = check(parse(Source(text=text, name="t.click"), {}, errh), errh).graph
    with pytest.raises(ClickError):
        optimize_graph(graph, CompileOptions(threads=2, passes=("placement",)), errh, [])
    msg = next(str(d) for d in errh.diagnostics if "'sw ::" in str(d))
    assert msg.startswith("t.click:1: 'sw :: StrideSwitch' would run on threads 0, 1")
    assert "shared" in msg and "StaticThreadSched" in msg


def test_bad_tolerance_and_profile_shape() -> None:
    with pytest.raises(ClickError):
        build(TWO_PATHS, options={"placement.tolerance": "-1"})
    with pytest.raises(ClickError):
        build(TWO_PATHS, options={"placement.transfer": "lots"})
    graph, _, errh = build(TWO_PATHS, profile=[1, 2, 3])
    assert any("not a mapping" in str(d) for d in errh.diagnostics)


def test_placement_runs_in_the_optimizing_pipelines() -> None:
    for level in (1, 2, 3):
        names = manager.pipeline(level)
        assert "placement" in names
        for later in ("batch",):
            if later in names:
                assert names.index("placement") < names.index(later)
        for earlier in ("flow-split", "pipeline-cut"):
            if earlier in names:
                assert names.index(earlier) < names.index("placement")
    assert "placement" not in manager.pipeline(0)
