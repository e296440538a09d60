"""TimeSortedSched (issue 19): two streams of the same frames, one half a second later, come
out merged by timestamp; streams that are not sorted come out in the order Click's heap gives
(computed here with BUFFER packets per input) and clear well_ordered.  The pullers start once
the capture has been read (a Script switches them on), so every queue is full when pulled."""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes([i]) * 30 for i in range(6)]
SECONDS = [1000, 1002, 1001, 1003, 1005, 1004]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> t :: Tee(2);
t[0] -> AdjustTimestamp(0.5) -> Queue -> [0]tss :: TimeSortedSched(STOP true);
t[1] -> Queue -> [1]tss;
tss -> u :: Unqueue(ACTIVE false) -> ToDump($OUT/merged.pcap);
t[2] -> AdjustTimestamp(0.5) -> Queue -> [0]tss2 :: TimeSortedSched(BUFFER 3);
t[3] -> Queue -> [1]tss2;
tss2 -> u2 :: Unqueue(ACTIVE false) -> ToDump($OUT/merged2.pcap);
Script(wait 0.3s, write u.active true, write u2.active true);
"""


def _merge(streams: list[list[int]], buffer: int) -> list[int]:
    """Click's pull loop: refill each input's buffer share, emit the earliest (ties: heap
    order, which these stamps never reach)."""
    pos = [0] * len(streams)
    space = [buffer] * len(streams)
    heap: list[tuple[int, int]] = []
    out: list[int] = []
    while True:
        for i, s in enumerate(streams):
            while space[i] and pos[i] < len(s):
                heapq.heappush(heap, (s[pos[i]], i))
                pos[i] += 1
                space[i] -= 1
        if not heap:
            return out
        ts, i = heapq.heappop(heap)
        space[i] += 1
        out.append(ts)


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_time_sorted_merge(tmp_path: Path, sanitized: bool) -> None:
    """Merged order and well_ordered, as Click's TimeSortedSched gives them."""
    stamps = [(s, 0) for s in SECONDS]
    cfg = CONFIG.replace("Tee(2)", "Tee(4)")
    r = run(tmp_path, cfg, FRAMES, ["tss.well_ordered", "tss2.well_ordered"],
            sanitized=sanitized, stamps=stamps)
    a = [s * 10**9 + 500_000_000 for s in SECONDS]
    b = [s * 10**9 for s in SECONDS]
    for name, buffer in (("merged", 1), ("merged2", 3)):
        got = [s * 10**9 + ns for s, ns, _ in r.outputs[name]]
        assert got == _merge([a, b], buffer), name
    assert r.handlers["tss.well_ordered"] == "false"
    assert r.handlers["tss2.well_ordered"] == "true"
