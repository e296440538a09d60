"""Unqueue2 (issue 19): bursts limited by the free room of the downstream queues, QUEUES given,
given empty and found downstream, the `packets` handler and the deprecation message (Click's
elements/standard/unqueue2.cc)."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG = """
// 30 packets wait in src; u can move at most 5 (q1's room), then nothing while q1 is full
InfiniteSource(LIMIT 30) -> src :: Queue(100) -> u :: Unqueue2(BURST 4, QUIET true)
  -> q1 :: Queue(5) -> Unqueue(ACTIVE false) -> Discard;
// QUEUES "": no queue checked, and BURST 0 is no limit
InfiniteSource(LIMIT 30) -> Queue(100) -> u2 :: Unqueue2(0, QUEUES "", QUIET true)
  -> q2 :: Queue(10) -> Unqueue(ACTIVE false) -> Discard;
// QUEUES naming a queue that is not downstream
InfiniteSource(LIMIT 30) -> Queue(100) -> u3 :: Unqueue2(QUEUES q1, QUIET true)
  -> q3 :: Queue(50) -> Unqueue(ACTIVE false) -> Discard;
// the deprecation message
Idle -> Queue -> loud :: Unqueue2 -> Discard;
"""

HANDLERS = ["u.packets", "q1.length", "src.length", "u2.packets", "q2.length", "q2.drops",
            "u3.packets", "q3.length"]


def test_unqueue2(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], HANDLERS)
    h = r.handlers
    assert (h["u.packets"], h["q1.length"], h["src.length"]) == ("5 packets", "5", "25")
    assert (h["u2.packets"], h["q2.length"], h["q2.drops"]) == ("30 packets", "10", "20")
    # u3 moves at most q1's room at each run: it stops for good once q1 is full (without the
    # limit it would move all 30)
    n3 = int(h["u3.packets"].split()[0])
    assert n3 <= 5 and h["q3.length"] == str(n3)
    assert "While configuring 'loud :: Unqueue2':\n  Unqueue2 is deprecated, you should " \
           "probably use Unqueue" in r.stderr
    assert r.stderr.count("deprecated") == 1


def test_unqueue2_bad_queues(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> Queue -> Unqueue2(QUEUES nothere, QUIET true) -> Discard;\n"
            "c :: Counter; Idle -> c -> Discard;\n"
            "Idle -> Queue -> Unqueue2(QUEUES c, QUIET true) -> Discard;\n", [],
            expect_ok=False)
    assert r.stderr.count("bad QUEUES") == 2
