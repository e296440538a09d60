"""Back-pressure on cross-thread Queues for file sources (compiler/backend/backpressure.py,
docs/runtime.md "Back-pressure for file sources"): which tasks wait on which Queues."""

from __future__ import annotations

from pathlib import Path

from clickc.driver import CompileOptions, router_model
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import Source

REPO = Path(__file__).resolve().parents[2]

TWO = """
s :: {source} -> c :: Counter -> q :: Queue(64) -> u :: Unqueue -> d :: Discard;
StaticThreadSched(s 0, u 1);
"""


def _waits(text: str, threads: int) -> dict[str, list[str]]:
    m = router_model(Source(text=text, name="bp.click"), CompileOptions(threads=threads),
                     ErrorHandler())
    return {e.name: [m.elements[q].name for q, _ in e.full_signal]
            for e in m.elements if e.full_signal}


def test_iprouter_source_waits_on_both_output_queues() -> None:
    m = router_model(REPO / "examples/iprouter.click", CompileOptions(threads=2),
                     ErrorHandler())
    waits = {e.name: sorted((m.elements[q].name, drain) for q, drain in e.full_signal)
             for e in m.elements if e.full_signal}
    # the ARPQueriers, run by both threads, hold packets until the wire's replies come back
    assert waits == {"src": [("q0", True), ("q1", True)]}


def test_one_thread_nothing_waits() -> None:
    assert _waits(TWO.format(source="InfiniteSource(LIMIT 10, STOP true)"), 1) == {}


def test_finite_source_waits_infinite_does_not() -> None:
    assert _waits(TWO.format(source="InfiniteSource(LIMIT 10, STOP true)"), 2) == {"s": ["q"]}
    assert _waits(TWO.format(source="InfiniteSource"), 2) == {}


def test_timed_drain_keeps_dropping() -> None:
    text = TWO.replace("Unqueue", "RatedUnqueue(1000)")
    assert _waits(text.format(source="InfiniteSource(LIMIT 10, STOP true)"), 2) == {}
