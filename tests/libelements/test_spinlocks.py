"""SpinlockInfo, SpinlockAcquire, SpinlockRelease, SpinlockPush (issue 19; Click's
elements/threads, the SMP Click paper's locks): two threads take one lock for each packet
(a release that did not release would leave the other thread spinning and the run would not
end), a thread takes its own lock again (Click's spinlocks are recursive), and a LOCK no
SpinlockInfo defines is refused with Click's message."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import run

CONFIG = """
SpinlockInfo(l, "other lock");
s0 :: InfiniteSource(LIMIT 20000, BURST 8) -> SpinlockAcquire(l) -> SpinlockAcquire(l)
  -> SpinlockRelease(l) -> c0 :: Counter -> SpinlockRelease(l) -> Discard;
s1 :: InfiniteSource(LIMIT 20000, BURST 8) -> SpinlockPush("other lock") -> SpinlockAcquire(l)
  -> c1 :: Counter -> SpinlockRelease(l) -> Discard;
StaticThreadSched(s0 0, s1 1);
"""


@pytest.mark.parametrize("threads", ["1", "2"])
def test_spinlocks(tmp_path: Path, threads: str) -> None:
    r = run(tmp_path, CONFIG, [], ["c0.count", "c1.count"], options=["-j", threads])
    assert (r.handlers["c0.count"], r.handlers["c1.count"]) == ("20000", "20000")


def test_unknown_lock(tmp_path: Path) -> None:
    r = run(tmp_path, "SpinlockInfo(a); Idle -> x :: SpinlockAcquire(b) -> Discard;\n"
            "SpinlockInfo(\"q\" r);\n", [], expect_ok=False)
    assert "While configuring 'x :: SpinlockAcquire':\n  cannot locate spinlock b" in r.stderr
    assert "bad NAME" in r.stderr
