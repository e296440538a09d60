"""StoreTimestamp (issue 19): the timestamp annotation written into the data as Click's 64-bit
user-level Timestamp (nanoseconds, host byte order), at OFFSET or appended with TAIL, the packet
grown when short; and the configuration rule (exactly one of OFFSET and TAIL) (Click's
elements/analysis/storetimestamp.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from .harness import run

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(2);
t[0] -> StoreTimestamp(TAIL true) -> ToDump($OUT/tail.pcap);
t[1] -> StoreTimestamp(20) -> ToDump($OUT/off.pcap);
"""


def test_storetimestamp(tmp_path: Path) -> None:
    frames = [bytes(range(40)), bytes(range(16))]
    stamps = [(1000, 250000), (1001, 7)]
    r = run(tmp_path, CONFIG, frames, stamps=stamps)
    ts = [struct.pack("=q", s * 1_000_000_000 + us * 1000) for s, us in stamps]
    assert r.frames("tail") == [f + t for f, t in zip(frames, ts, strict=True)]
    assert r.frames("off") == [frames[0][:20] + ts[0] + frames[0][28:],
                               frames[1] + bytes(4) + ts[1]]


def test_storetimestamp_place(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> StoreTimestamp -> Discard;\n"
            "Idle -> StoreTimestamp(4, TAIL true) -> Discard;\n", [], expect_ok=False)
    assert r.stderr.count("supply exactly one of 'OFFSET' and 'TAIL'") == 2
