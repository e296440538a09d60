"""The stop drain of runtime/sched.c (issue 6): with several threads, a stop request that no
hook absorbs pauses the sources and lets the other tasks run until nothing moves, so packets
already in a queue between threads reach their consumer instead of being left behind.  One
thread keeps Click's driver: it stops right after the task that asked.

Routers are built with tests/runtime/mt_build.py's hand-made placement (no placement pass)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.runtime.mt_build import build
from tests.runtime.test_threads import TSAN, _run

pytestmark = pytest.mark.serial  # routers on several threads (both CPUs)

LIMIT = 200_000

#: A source that stops the router when done; its consumer on the other thread is slower (a
#: BURST of 1 per round against the source's 64), so the queue between them is long when
#: the stop comes.
CROSS_STOP = f"""
s :: InfiniteSource(LIMIT {LIMIT}, BURST 64, STOP true);
q :: Queue({LIMIT}); u :: Unqueue(BURST 1); c :: Counter; d :: Discard;
s -> q -> u -> c -> d;
"""

#: As above, plus a second path whose source never ends (no LIMIT) on the consumer's thread:
#: the drain must pause it, or the router would run forever.
ENDLESS = f"""
s :: InfiniteSource(LIMIT {LIMIT // 4}, BURST 64, STOP true);
q :: Queue({LIMIT}); u :: Unqueue(BURST 1); c :: Counter; d :: Discard;
s -> q -> u -> c -> d;
s2 :: InfiniteSource(BURST 8);
q2 :: Queue(64); u2 :: Unqueue(BURST 8); c2 :: Counter; d2 :: Discard;
s2 -> q2 -> u2 -> c2 -> d2;
"""


def test_stop_drains_the_queue_between_threads(tmp_path: Path) -> None:
    exe = build(CROSS_STOP, {"s": 0, "u": 1, "c": 1, "d": 1}, {"q": ("spsc", 1)}, 2,
                tmp_path / "r")
    v, _ = _run(exe, ["c.count", "q.drops", "q.length"], tmp_path)
    assert v == {"c.count": LIMIT, "q.drops": 0, "q.length": 0}, v


def test_stop_drain_pauses_endless_sources(tmp_path: Path) -> None:
    exe = build(ENDLESS, {"s": 0, "u": 1, "c": 1, "d": 1, "s2": 1, "u2": 0, "c2": 0, "d2": 0},
                {"q": ("spsc", 1), "q2": ("spsc", 1)}, 2, tmp_path / "r")
    v, _ = _run(exe, ["c.count", "q.drops", "q.length", "c2.count", "q2.length"], tmp_path)
    assert v["c.count"] == LIMIT // 4 and v["q.length"] == 0 and v["q.drops"] == 0, v
    # what s2 made before the stop was drained too (the queue is left empty)
    assert v["q2.length"] == 0 and v["c2.count"] > 0, v


def test_one_thread_stops_after_the_task_that_asked(tmp_path: Path) -> None:
    """Click's single-thread driver: the stop comes right after the source's last burst, so
    the Unqueue (BURST 1 per round) leaves most packets in the queue.  Expected values from
    Click: $CLICK_PREFIX/bin/click stop1.click -h c.count -h q.length, with stop1.click =
    the configuration below, prints 10 and 40 (the Unqueue ran once per source burst)."""
    conf = ("s :: InfiniteSource(LIMIT 50, BURST 5, STOP true);\n"
            "q :: Queue(100); u :: Unqueue(BURST 1); c :: Counter; d :: Discard;\n"
            "s -> q -> u -> c -> d;\n")
    exe = build(conf, {}, {}, 1, tmp_path / "r")
    proc = subprocess.run([str(exe), "-h", "c.count", "-h", "q.length"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split() == ["c.count:", "10", "q.length:", "40"], proc.stdout


def test_stop_drain_tsan(tsan_ok: None, tmp_path: Path) -> None:
    exe = build(ENDLESS, {"s": 0, "u": 1, "c": 1, "d": 1, "s2": 1, "u2": 0, "c2": 0, "d2": 0},
                {"q": ("spsc", 1), "q2": ("spsc", 1)}, 2, tmp_path / "r", opt=1,
                extra_cflags=TSAN, extra_ldflags=TSAN, cc="clang")
    v, _ = _run(exe, ["c.count", "q.drops", "q.length", "c2.count", "q2.length"], tmp_path,
                {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})
    assert v["c.count"] == LIMIT // 4 and v["q.length"] == 0 and v["q2.length"] == 0, v
