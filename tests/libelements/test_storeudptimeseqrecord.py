"""StoreUDPTimeSeqRecord (issue 19): sequence numbers and the current time in a UDP payload,
then the elapsed time with DELTA, the UDP checksum patched with Click's arithmetic, IPv4 and
IPv6, the packets it refuses, and its count/reset handlers (Click's
elements/analysis/storeudptimeseqrecord.cc)."""

from __future__ import annotations

import struct
import time
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run


def _udp4(payload: bytes, csum: int = 0x1234) -> bytes:
    udp = struct.pack("!HHHH", 1000, 2000, 8 + len(payload), csum) + payload
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(udp), 1, 0, 64, 17, 0,
                    bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]))
    return DST + SRC + b"\x08\x00" + h[:10] + struct.pack("!H", cksum(h)) + h[12:] + udp


def _ip6(nxt: int, payload: bytes) -> bytes:
    udp = struct.pack("!HHHH", 1000, 2000, 8 + len(payload), 0) + payload
    h = struct.pack("!IHBB16s16s", 0x60000000, len(udp), nxt, 64, bytes(15) + b"\x01",
                    bytes(15) + b"\x02")
    return DST + SRC + b"\x86\xdd" + h + udp


def _native_cksum(b: bytes) -> int:
    """Click's click_in_cksum as a little-endian host reads it."""
    s = sum(struct.unpack(f"<{len(b) // 2}H", b))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    return ~s & 0xFFFF


def _click_csum(old: int, before: bytes, after: bytes, delta: bool) -> int:
    c = old
    if delta:
        c += _native_cksum(after[12:20])
    else:
        c = (c - _native_cksum(before)) & 0xFFFFFFFF
        c += _native_cksum(after)
    c &= 0xFFFFFFFF
    c = (c & 0xFFFF) + ((c & 0xFFFF0000) >> 16)
    return 0 if c == 0xFFFF else c & 0xFFFF


CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee;
t[0] -> a :: StoreUDPTimeSeqRecord(14) -> ToDump($OUT/a.pcap);
t[1] -> b :: StoreUDPTimeSeqRecord(OFFSET 14) -> c :: StoreUDPTimeSeqRecord(14, DELTA true)
     -> ToDump($OUT/bc.pcap);
Idle -> r :: StoreUDPTimeSeqRecord(0) -> Discard;
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_records_and_checksums(tmp_path: Path, sanitized: bool) -> None:
    rec = bytes(range(1, 21))
    frames = [_udp4(rec + b"xy"), _udp4(bytes(20), 0), _ip6(17, rec), _ip6(6, rec),
              _udp4(b"short"), DST + SRC + b"\x08\x00" + b"\x50" + bytes(40)]
    t0 = int(time.time())
    r = run(tmp_path, CONFIG, frames, handlers=["a.count", "c.count"], sanitized=sanitized)
    t1 = int(time.time()) + 1
    out = r.frames("a")
    assert len(out) == 3
    offsets = [14 + 20, 14 + 20, 14 + 40]
    sources = [frames[0], frames[1], frames[2]]
    for seq, (o, src, pkt) in enumerate(zip(offsets, sources, out, strict=True), start=1):
        words = struct.unpack("!5I", pkt[o + 8:o + 28])
        assert words[0] == seq and t0 <= words[1] <= t1 and words[2] < 10**9
        assert words[3:] == (0, 0)
        assert pkt[o + 28:] == src[o + 28:]
        old = struct.unpack("<H", src[o + 6:o + 8])[0]
        new = struct.unpack("<H", pkt[o + 6:o + 8])[0]
        assert new == _click_csum(old, src[o + 8:o + 28], pkt[o + 8:o + 28], False)
    for o, pkt in zip(offsets, r.frames("bc"), strict=True):
        words = struct.unpack("!5I", pkt[o + 8:o + 28])
        assert words[3] <= 1 and words[4] < 10**9
    assert r.handlers == {"a.count": "3", "c.count": "3"}
    assert r.drops["a"] == {"not UDP": 1, "too short": 1, "unknown IP version": 1}
    assert r.stderr.count("Unknown IP version!") == 2  # a and b; c never sees it


def test_reset(tmp_path: Path) -> None:
    frames = [_udp4(bytes(20))] * 3
    r = run(tmp_path, """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> a :: StoreUDPTimeSeqRecord(14) -> ToDump($OUT/a.pcap);
DriverManager(wait, read a.count, write a.reset, read a.count);
""", frames)
    assert "a.count:\n3\na.count:\n0\n" in r.stderr
    assert [struct.unpack("!I", p[42:46])[0] for p in r.frames("a")] == [1, 2, 3]
