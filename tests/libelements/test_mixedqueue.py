"""MixedQueue (issue 19): input 0 first-in first-out, input 1 last-in first-out; when full a FIFO
packet is the drop and a LIFO packet pushes out the packet at the tail, to output 1 when it
exists; its Queue handlers (Click's elements/standard/mixedqueue.cc; the diagram of its
documentation and Click's test/standard/MixedQueue-01 and -02)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import require_tsan

from .harness import run

TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]

DUMP = """!data ip_src ip_dst ip_proto
1.0.0.1 1.0.0.1 U
1.0.0.1 1.0.0.2 U
1.0.0.2 1.0.0.3 U
1.0.0.1 1.0.0.4 U
1.0.0.2 1.0.0.5 U
1.0.0.1 1.0.0.6 U
1.0.0.2 1.0.0.7 U
"""

CONFIG = """
FromIPSummaryDump(in.txt, STOP true)
    -> c :: IPClassifier(src 1.0.0.1, src 1.0.0.2)
    -> m :: MixedQueue(CAP)
    -> u :: Unqueue(ACTIVE false)
    -> ToIPSummaryDump(out.txt, FIELDS ip_dst);
c[1] -> [1]m;
DROPS
DriverManager(wait, read m.length, read m.highwater_length, read m.drops,
              write u.active true, wait_time 0.1s, read m.length, stop)
"""


def _rows(path: Path) -> list[str]:
    return [ln for ln in path.read_text().splitlines() if not ln.startswith("!")]


def _run(tmp_path: Path, cap: int, drops_out: bool) -> tuple[list[str], str]:
    (tmp_path / "in.txt").write_text(DUMP)
    cfg = CONFIG.replace("CAP", str(cap)).replace(
        "DROPS", "m[1] -> ToIPSummaryDump(drops.txt, FIELDS ip_dst);" if drops_out else "")
    r = run(tmp_path, cfg, [])
    return _rows(tmp_path / "out.txt"), r.stderr


def test_fifo_lifo_order(tmp_path: Path) -> None:
    rows, err = _run(tmp_path, 1000, False)
    # [7 5 3 1 2 4 6]: the LIFO packets (source 1.0.0.2) at the head, newest first
    assert rows == ["1.0.0.7", "1.0.0.5", "1.0.0.3", "1.0.0.1", "1.0.0.2", "1.0.0.4", "1.0.0.6"]
    assert "overflow" not in err


def test_full_drops(tmp_path: Path) -> None:
    rows, err = _run(tmp_path, 5, True)
    # full at [5 3 1 2 4]: FIFO 6 is dropped, LIFO 7 pushes out the tail (4)
    assert rows == ["1.0.0.7", "1.0.0.5", "1.0.0.3", "1.0.0.1", "1.0.0.2"]
    assert _rows(tmp_path / "drops.txt") == ["1.0.0.6", "1.0.0.4"]
    assert err.count("m :: MixedQueue: overflow") == 1
    assert "m.length:\n5\nm.highwater_length:\n5\nm.drops:\n2\n" in err


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_handlers_and_counted_drops(tmp_path: Path, sanitized: bool) -> None:
    (tmp_path / "in.txt").write_text(DUMP)
    r = run(tmp_path, CONFIG.replace("CAP", "5").replace("DROPS", ""), [],
            handlers=["m.drops", "m.highwater_length", "m.length", "m.capacity"],
                    sanitized=sanitized)
    assert r.handlers == {"m.drops": "2", "m.highwater_length": "5", "m.length": "0",
                          "m.capacity": "5"}
    assert r.drops["m"] == {"queue full": 2}


def test_capacity_and_reset(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text(DUMP)
    r = run(tmp_path, """
FromIPSummaryDump(in.txt, STOP true) -> c :: IPClassifier(src 1.0.0.1, src 1.0.0.2)
    -> m :: MixedQueue(5) -> u :: Unqueue(ACTIVE false) -> Discard;
c[1] -> [1]m;
DriverManager(wait, write m.capacity 2, read m.length, read m.capacity, write m.reset,
              read m.length, stop)
""", [])
    # a smaller capacity keeps the packets nearest the head (Click's SimpleQueue rule)
    assert "m.length:\n2\nm.capacity:\n2\nm.length:\n0\n" in r.stderr
    assert r.drops["m"] == {"queue full": 2, "queue reset": 2}


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_two_threads(tmp_path: Path, tsan: bool) -> None:
    # pushers on thread 0, the puller on thread 1: the array is guarded by the queue's lock
    if tsan:
        require_tsan(tmp_path)
    options = ["-j", "2"] + (TSAN if tsan else [])
    r = run(tmp_path, """
s0 :: InfiniteSource(LIMIT 5000, STOP false) -> m :: MixedQueue(100000);
s1 :: InfiniteSource(LIMIT 5000, STOP false) -> [1]m;
m -> u :: Unqueue -> c :: Counter -> Discard;
StaticThreadSched(s0 0, s1 0, u 1);
DriverManager(wait_time 1s, stop);
""", [], handlers=["c.count", "m.drops"], options=options)
    assert r.handlers == {"c.count": "10000", "m.drops": "0"}
