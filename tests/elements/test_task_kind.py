"""``ElementSpec.task_kind``: the one rule saying whether a schedulable element is a task in a
router, asked by the thread analysis (clickc.passes.threads) and the backend's model."""

from __future__ import annotations

import pytest
from clickc.driver import check, parse
from clickc.elements import registry
from clickc.elements.spec import ElementSpec
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import Source
from clickc.passes.threads import task_kind


def _spec(schedulable: str | None) -> ElementSpec:
    return ElementSpec("Probe", "-/-", "a/a", schedulable=schedulable)


@pytest.mark.parametrize(("schedulable", "ins", "outs", "kind"), [
    (None, [True], [True], None),
    ("source", [], [True], "source"),
    ("source", [], [False], None),            # pulled: Click's source in pull context
    ("source", [], [False, True], "source"),
    ("source", [], [], "source"),
    ("pull-sink", [False], [], "pull-sink"),
    ("pull-sink", [True], [], None),          # runs on the pusher's call
    ("pull-sink", [True, False], [], "pull-sink"),
    ("pull-sink", [], [], "pull-sink"),
    ("unqueue", [True], [False], "unqueue"),
    ("timer", [True], [True], "timer"),
])
def test_rule(schedulable: str | None, ins: list[bool], outs: list[bool],
              kind: str | None) -> None:
    assert _spec(schedulable).task_kind(ins, outs) == kind


def test_thread_analysis_asks_the_spec() -> None:
    text = """s :: InfiniteSource(LIMIT 1) -> q :: Queue -> d :: Discard;
              p :: InfiniteSource(LIMIT 1) -> Discard;
              Idle -> d2 :: Discard;"""
    errh = ErrorHandler()
    graph = check(parse(Source(text=text, name="t.click"), {}, errh), errh).graph
    kinds = {e.name: task_kind(graph, e, registry.get(e.class_name))
             for e in graph.elements()}
    assert kinds["s"] == "source" and kinds["p"] == "source"
    assert kinds["d"] == "pull-sink"           # pulls from the Queue
    assert kinds["q"] is None and kinds["d2"] is None  # d2: pushed into, runs on the call
