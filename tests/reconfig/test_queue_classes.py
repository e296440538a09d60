"""The SimpleQueue family across swaps (docs/reconfiguration.md, "What moves"): a queue's
packets move, in order, to a queue of the same name of any of Queue, SimpleQueue,
NotifierQueue, FrontDropQueue, ThreadSafeQueue, QuickNoteQueue, MSQueue (Click's
SimpleQueue::take_state), the ones
beyond a smaller capacity counted as drops with their reason; at -j 1 (plain arrays) and -j 2
(rings between two threads)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .hotlib import HotRouter, free_port, prebuild, steady

HOLDING = """\
src :: InfiniteSource(LIMIT 200, BURST 1) -> q :: CLASS(100)
    -> ru :: RatedUnqueue(RATE 1) -> c2 :: Counter -> Discard;
StaticThreadSched(src 0, ru 1);
"""

#: (class, capacity) in swap order; the source is Idle after the first configuration.
SWAPS = [("SimpleQueue", 100), ("FrontDropQueue", 60), ("NotifierQueue", 60),
         ("ThreadSafeQueue", 40), ("QuickNoteQueue", 40), ("MSQueue", 30), ("Queue", 30)]


def _swapped(cls: str, cap: int) -> str:
    """HOLDING with its queue a ``cls(cap)`` and the source Idle."""
    return (HOLDING.replace("CLASS(100)", f"{cls}({cap})")
            .replace("src :: InfiniteSource(LIMIT 200, BURST 1)", "Idle")
            .replace("StaticThreadSched(src 0, ru 1)", "StaticThreadSched(ru 1)"))


# -j 1 counts packets on one thread: the workers; -j 2's two threads need both CPUs (serial).
# Every configuration is built before the router starts (two at a time): each swap then costs
# the compiler's start only.
@pytest.mark.parametrize("threads", [pytest.param("1", marks=pytest.mark.workers), "2"])
def test_queue_family_takes_packets(tmp_path: Path, threads: str) -> None:
    stats = tmp_path / "stats.json"
    port = free_port()
    texts = [_swapped(cls, cap) for cls, cap in SWAPS]
    prebuild(tmp_path, port, [HOLDING.replace("CLASS", "Queue"), *texts], "-O1", "-j", threads)
    with HotRouter(tmp_path, HOLDING.replace("CLASS", "Queue"), "-O1", "-j", threads,
                   f"--stats={stats}", port=port) as r:
        assert r.control is not None
        ctl = r.control
        _, pushed = steady(ctl, "q.length", "src.count", pause=0.2)
        assert ctl.command("WRITE src.active false")[0] == 200
        length, pushed, pulled, drops = steady(ctl, "q.length", "src.count", "c2.count",
                                                "q.drops", pause=0.2)
        assert length + pulled + drops == pushed and length >= 90
        first_drops = drops   # "queue full" (at -j 2 the source may outrun the full notifier)
        for (cls, cap), text in zip(SWAPS, texts, strict=True):
            before = length
            code, lines = ctl.hotconfig(text)
            assert code == 200, (cls, lines)
            assert ctl.read("q.capacity") == str(cap)
            length, pulled, drops = steady(ctl, "q.length", "c2.count", "q.drops", pause=0.2)
            # every packet is held, was pulled or is a drop: none lost at the class change
            assert length + pulled + drops == pushed, (cls, length, pulled, drops)
            assert length <= cap and (before <= cap + 2 or drops > 0), cls
        status, _, err = r.stop()
    assert status == 0, err
    q = next(e for e in json.loads(stats.read_text())["elements"] if e["name"] == "q")
    assert q["drop_reasons"].get("queue full", 0) == first_drops
    assert q["drop_reasons"]["queue full after hotconfig"] == drops - first_drops > 0


@pytest.mark.workers  # counts (every packet accounted for) only, one thread
def test_cpuqueue_takes_packets(tmp_path: Path) -> None:
    """A Queue's packets move to a CPUQueue, then to a smaller CPUQueue (the overflow counted
    as drops with their reason), then to one pulled faster: every packet pushed is pulled or
    was dropped at a swap (CPUQueue has no length handler: the test empties it)."""
    stats = tmp_path / "stats.json"
    with HotRouter(tmp_path, HOLDING.replace("CLASS", "Queue"), "-O0",
                   f"--stats={stats}") as r:
        assert r.control is not None
        ctl = r.control
        steady(ctl, "q.length", "src.count", pause=0.2)
        assert ctl.command("WRITE src.active false")[0] == 200
        length, pushed = steady(ctl, "q.length", "src.count", pause=0.2)
        assert length >= 90
        for cap, rate in ((100, 1), (30, 1), (30, 200)):
            text = (HOLDING.replace("CLASS(100)", f"CPUQueue({cap})")
                    .replace("src :: InfiniteSource(LIMIT 200, BURST 1)", "Idle")
                    .replace("StaticThreadSched(src 0, ru 1)", "")
                    .replace("RATE 1)", f"RATE {rate})"))
            code, lines = ctl.hotconfig(text)
            assert code == 200, lines
            assert ctl.read("q.capacity") == str(cap)
        pulled, drops = steady(ctl, "c2.count", "q.drops", pause=0.2)
        status, _, err = r.stop()
    assert status == 0, err
    assert "queued packets dropped" not in err    # the Queue's packets were taken
    q = next(e for e in json.loads(stats.read_text())["elements"] if e["name"] == "q")
    reasons = q["drop_reasons"]
    assert reasons == {"queue full after hotconfig": drops} and drops > 0
    assert pulled + drops == pushed, (pulled, drops, pushed)
