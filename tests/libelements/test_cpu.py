"""CPUQueue, CPUSwitch, MSQueue (issue 19; the SMP Click paper's elements).  On one thread
CPUQueue is a FIFO of CAPACITY that drops when full and CPUSwitch sends everything to output 0;
on two threads each source's packets go to its own queue and output (thread % outputs), and
nothing is lost.  MSQueue is a ThreadSafeQueue that warns it is deprecated."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG_ONE = """
InfiniteSource(LIMIT 10) -> q :: CPUQueue(4) -> u :: Unqueue(ACTIVE false) -> Discard;
InfiniteSource(LIMIT 7) -> sw :: CPUSwitch;
sw[0] -> c0 :: Counter -> Discard; sw[1] -> c1 :: Counter -> Discard;
InfiniteSource(LIMIT 5) -> ms :: MSQueue(3) -> Unqueue(ACTIVE false) -> Discard;
"""

CONFIG_TWO = """
s0 :: InfiniteSource(LIMIT 3000, BURST 4) -> sw :: CPUSwitch;
s1 :: InfiniteSource(LIMIT 2000, BURST 4) -> sw;
sw[0] -> c0 :: Counter -> q :: CPUQueue(100000);
sw[1] -> c1 :: Counter -> q;
q -> u :: Unqueue(BURST 8) -> c :: Counter -> Discard;
StaticThreadSched(s0 0, s1 1, u 0);
"""


def test_cpu_one_thread(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG_ONE, [], ["q.capacity", "q.drops", "c0.count", "c1.count",
                                       "ms.length", "ms.drops", "ms.capacity"])
    h = r.handlers
    assert (h["q.capacity"], h["q.drops"]) == ("4", "6")
    assert r.drops["q"] == {"queue full": 6}
    assert (h["c0.count"], h["c1.count"]) == ("7", "0")
    assert (h["ms.length"], h["ms.drops"], h["ms.capacity"]) == ("3", "2", "3")
    assert "MSQueue is deprecated, use ThreadSafeQueue instead" in r.stderr


def test_cpu_two_threads(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG_TWO, [], ["c0.count", "c1.count", "c.count", "q.drops"],
            options=["-j", "2"])
    h = r.handlers
    assert (h["c0.count"], h["c1.count"], h["c.count"], h["q.drops"]) == \
        ("3000", "2000", "5000", "0")
