"""Timed pull-to-push classes of issue 19 (TimedUnqueue, Burster, DelayUnqueue) and the port
switchers Bypass and Clipboard, on crafted frames.  The timed classes are checked against
Click's documented timing (a run of at most BURST packets every INTERVAL; each packet held
until its timestamp plus DELAY) with a tolerance, and their packets must all come out."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes([i]) * (20 + i) for i in range(5)] + [b"short"]
N = len(FRAMES)
STAMPS = [(0, 0)] + [(1000 + i, 0) for i in range(1, N)]

TIMED = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> t :: Tee(3);
t[0] -> Queue -> TimedUnqueue(0.1, 2) -> SetTimestamp -> ToDump($OUT/timed.pcap);
t[1] -> Queue -> Burster(0.1) -> SetTimestamp -> ToDump($OUT/burst.pcap);
t[2] -> Queue -> du :: DelayUnqueue(0.2) -> ToDump($OUT/delayed.pcap);
"""

PORTS = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(4);
t[0] -> [0]b :: Bypass(true) -> ToDump($OUT/bypass.pcap);
b[1] -> Strip(1) -> [1]b;
t[1] -> [0]b2 :: Bypass -> ToDump($OUT/bypass2.pcap);
t[2] -> [0]cb :: Clipboard(0/6, 12/2) -> ToDump($OUT/copied.pcap);
t[3] -> Strip(1) -> [1]cb;
cb[1] -> ToDump($OUT/pasted.pcap);
Idle -> Queue -> [0]pb :: Bypass(true);
Idle -> Queue -> [1]pb;
pb -> Unqueue -> Discard;
"""


def _runs(stamps: list[int], gap_ns: int = 50_000_000) -> list[list[int]]:
    """Emission times grouped into task runs (times closer than ``gap_ns``)."""
    groups: list[list[int]] = []
    for s in stamps:
        if groups and s - groups[-1][-1] < gap_ns:
            groups[-1].append(s)
        else:
            groups.append([s])
    return groups


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_timed_unqueues(tmp_path: Path, sanitized: bool) -> None:
    """At most BURST packets per run, runs INTERVAL apart; DELAY added to each timestamp."""
    start = time.time_ns()
    r = run(tmp_path, TIMED, FRAMES, ["du.delay"], sanitized=sanitized, stamps=STAMPS)
    assert r.frames("timed") == FRAMES
    assert r.frames("burst") == FRAMES
    for name, burst in (("timed", 2), ("burst", 8)):
        groups = _runs([s * 10**9 + ns for s, ns, _ in r.outputs[name]])
        assert all(len(g) <= burst for g in groups), (name, groups)
        firsts = [g[0] for g in groups]
        assert all(b - a >= 95_000_000 for a, b in zip(firsts, firsts[1:], strict=False)), name
    assert len(_runs([s * 10**9 + ns for s, ns, _ in r.outputs["timed"]])) >= 3
    delayed = r.outputs["delayed"]
    assert [d for _, _, d in delayed] == FRAMES
    # the packet without a timestamp is stamped when pulled, then held 0.2 s
    assert delayed[0][0] * 10**9 + delayed[0][1] >= start + 200_000_000
    assert [(s, ns) for s, ns, _ in delayed[1:]] == [(1000 + i, 200_000_000) for i in range(1, N)]
    assert r.handlers["du.delay"] == "200ms"


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_bypass_and_clipboard(tmp_path: Path, sanitized: bool) -> None:
    """Bypass takes the detour when active; Clipboard copies and pastes its ranges."""
    r = run(tmp_path, PORTS, FRAMES, ["b.active", "b2.active"], sanitized=sanitized)
    assert r.frames("bypass") == [f[1:] for f in FRAMES]
    assert r.frames("bypass2") == FRAMES
    assert r.frames("copied") == FRAMES
    clip = bytearray(8)
    pasted = []
    for f in FRAMES:
        for off, length, at in ((0, 6, 0), (12, 2, 6)):
            piece = f[off:off + length]
            clip[at:at + len(piece)] = piece
        g = f[1:]
        if len(g) >= 14:
            g = bytes(clip[:6]) + g[6:12] + bytes(clip[6:8]) + g[14:]
        pasted.append(g)
    assert r.frames("pasted") == pasted
    assert (r.handlers["b.active"], r.handlers["b2.active"]) == ("true", "false")
