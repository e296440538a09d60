"""ExactCPUSwitch (issue 19, FastClick's measurement elements): the threads that push into it
are numbered in ascending order and thread k of them sends to output k % outputs (FastClick's
elements/standard/exactcpuswitch.cc), where CPUSwitch would use the thread's own number: a
switch that only thread 1 reaches sends to output 0.  The expectations follow FastClick's
code: the local FastClick build has no StaticThreadSched (the threads package), which the
configuration needs to place its sources, so there is no live comparison."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import require_tsan

from .harness import run

TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]

CONFIG = """
s0 :: InfiniteSource(LIMIT 3000, STOP false) -> sw :: ExactCPUSwitch;
s1 :: InfiniteSource(LIMIT 2000, STOP false) -> sw;
sw[0] -> c0 :: Counter -> Discard; sw[1] -> c1 :: Counter -> Discard;
sw[2] -> c2 :: Counter -> Discard;
x :: InfiniteSource(LIMIT 700, STOP false) -> one :: ExactCPUSwitch;
one[0] -> d0 :: Counter -> Discard; one[1] -> d1 :: Counter -> Discard;
cs :: InfiniteSource(LIMIT 500, STOP false) -> cpu :: CPUSwitch;
cpu[0] -> e0 :: Counter -> Discard; cpu[1] -> e1 :: Counter -> Discard;
StaticThreadSched(s0 0, s1 1, x 1, cs 1);
DriverManager(wait_time 0.5s, stop);
"""
HANDLERS = ["c0.count", "c1.count", "c2.count", "d0.count", "d1.count", "e0.count", "e1.count"]
#: at -j 2, from FastClick's rule
EXPECTED = {"c0.count": "3000", "c1.count": "2000", "c2.count": "0",
            "d0.count": "700", "d1.count": "0", "e0.count": "0", "e1.count": "500"}


@pytest.mark.parametrize("mode", ["plain", "sanitized", "tsan"])
def test_two_threads(tmp_path: Path, mode: str) -> None:
    if mode == "tsan":
        require_tsan(tmp_path)
    options = ["-j", "2"] + (TSAN if mode == "tsan" else [])
    r = run(tmp_path, CONFIG, [], HANDLERS, options=options, sanitized=mode == "sanitized")
    assert r.handlers == EXPECTED


def test_one_thread(tmp_path: Path) -> None:
    """On one thread everything goes to output 0."""
    r = run(tmp_path, """
InfiniteSource(LIMIT 9, STOP true) -> sw :: ExactCPUSwitch;
sw[0] -> c0 :: Counter -> Discard; sw[1] -> c1 :: Counter -> Discard;
""", [], ["c0.count", "c1.count"])
    assert r.handlers == {"c0.count": "9", "c1.count": "0"}
