"""Which elements ``clickc verify`` counts as dropping by another thread's timing
(compiler/commands/verify.py ``_plan_info``: ``PlanInfo.timing``, docs/verify.md "Drops that
follow the threads' timing"): a class whose spec says it drops by the length of the queues it
watches (``queue_length_drops``: RED) where the plan pulls a watched queue on another thread,
or feeds the element from another thread; never in a one-thread plan.  Plans are made without
building C (threads placed with StaticThreadSched)."""

from __future__ import annotations

import pytest
from clickc.commands.verify import _plan_info
from clickc.driver import CompileOptions, Stage, compile_config
from clickc.elements import registry
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.ir import RouterGraph

#: RED in front of q, which uq pulls; StaticThreadSched places the tasks.
DIRECT = """src :: FromDump(in.pcap, STOP true) -> red :: RED(5, 50, 0.02) -> q :: Queue(64)
    -> uq :: Unqueue -> Discard;
StaticThreadSched(%s);"""
#: The same with a queue before RED: RED runs in uq0's task.
FED = """src :: FromDump(in.pcap, STOP true) -> q0 :: Queue(64) -> uq0 :: Unqueue
    -> red :: RED(5, 50, 0.02) -> q :: Queue(64) -> uq :: Unqueue -> Discard;
StaticThreadSched(%s);"""


def _graph(conf: str, threads: int) -> RouterGraph:
    errh = ErrorHandler()
    c = compile_config(Source(text=conf), CompileOptions(opt=2, threads=threads), errh,
                       until=Stage.PASSES)
    assert not errh.nerrors and c.optimized is not None
    return c.optimized.graph


def _timing(conf: str, threads: int) -> dict[str, str]:
    return _plan_info(_graph(conf, 1), _graph(conf, threads)).timing


def test_red_is_the_trait() -> None:
    assert {s.name for s in registry.all_specs() if s.queue_length_drops} == {
        "RED", "AdaptiveRED", "PI"}


@pytest.mark.parametrize(("sched", "words"), [
    ("src 0, uq 1", "its drops follow the length of q, pulled on thread 1 while it runs on "
                    "thread 0"),
    ("src 1, uq 0", "its drops follow the length of q, pulled on thread 0 while it runs on "
                    "thread 1")])
def test_queue_pulled_on_another_thread(sched: str, words: str) -> None:
    assert _timing(DIRECT % sched, 2) == {"red": words}


def test_fed_from_another_thread() -> None:
    assert _timing(FED % "src 0, uq0 1, uq 1", 2) == {
        "red": "its drops follow the length of q, filled with packets that cross from thread "
               "0 to its thread 1"}


@pytest.mark.parametrize(("conf", "threads"), [
    (DIRECT % "src 0, uq 0", 2), (DIRECT % "src 0, uq 0", 1), (FED % "src 0, uq0 0, uq 0", 2),
    (FED % "src 0, uq0 1, uq 1", 1)])
def test_one_thread_is_not_timing(conf: str, threads: int) -> None:
    """RED, its queue's puller and what feeds it on one thread (or a one-thread plan): its
    drops stay differences."""
    assert _timing(conf, threads) == {}
