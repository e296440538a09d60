"""AggregateIPAddrPair (issue 19): pair numbers from 1 in order of first appearance, the same
number both ways, PAINT 0 for the first packet's direction and 1 for replies, a new number after
TIMEOUT seconds of packet time, and packets without an IP header on output 1 (Click's
elements/analysis/aggregateipaddrpair.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import DST, SRC, run

A, B, C = (10, 0, 0, 1), (10, 0, 0, 2), (10, 0, 0, 0)


def _ip(src: tuple[int, ...], dst: tuple[int, ...]) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20, 0, 0, 64, 17, 0, bytes(src), bytes(dst))
    return DST + SRC + b"\x08\x00" + h[:10] + struct.pack("!H", cksum(h)) + h[12:]


FRAMES = [_ip(A, B), _ip(B, A), _ip(A, C), _ip(C, A), _ip(A, B), DST + SRC + b"\x08\x00\x45"]
STAMPS = [(1000, 0), (1001, 0), (1002, 0), (1003, 0), (1100, 0), (1101, 0)]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> MarkIPHeader -> t :: Tee(2);
t[0] -> p :: AggregateIPAddrPair -> ToIPSummaryDump($OUT/p.txt, CONTENTS ip_src aggregate paint);
p[1] -> ToDump($OUT/bad.pcap);
t[1] -> pt :: AggregateIPAddrPair(TIMEOUT 50)
     -> ToIPSummaryDump($OUT/pt.txt, CONTENTS ip_src aggregate paint);
Idle -> c :: AggregateIPAddrPair -> Discard;
Script(write c.clear);
"""


def _rows(path: Path) -> list[str]:
    return [ln for ln in path.read_text().splitlines() if not ln.startswith("!")]


def test_aggregateipaddrpair(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, FRAMES, stamps=STAMPS)
    out = tmp_path / "out"
    assert _rows(out / "p.txt") == ["10.0.0.1 1 0", "10.0.0.2 1 1", "10.0.0.1 2 0",
                                    "10.0.0.0 2 1", "10.0.0.1 1 0"]
    # A-B unseen from 1001 to 1100, more than TIMEOUT 50: a new number
    assert _rows(out / "pt.txt") == ["10.0.0.1 1 0", "10.0.0.2 1 1", "10.0.0.1 2 0",
                                     "10.0.0.0 2 1", "10.0.0.1 3 0"]
    assert len(r.frames("bad")) == 1
    assert r.drops["pt"] == {"no IP header": 1}
