"""RFC2507Comp and RFC2507Decomp (issue 19; Click's elements/ip/rfc2507c.cc and rfc2507d.cc):
a TCP conversation of two connections and a UDP packet through the compressor (framing types,
CIDs as announced, the reasons for full headers) and back through the decompressor (the
original IP packets, no checksum complaints); malformed frames are counted drops."""

from __future__ import annotations

import hashlib
import re
import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run

A = (bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2]), 1000, 80)
B = (bytes([10, 0, 0, 3]), bytes([10, 0, 0, 4]), 2000, 443)


def _tcp(flow: tuple[bytes, bytes, int, int], ident: int, seq: int, ack: int, flags: int,
         win: int = 1000, ttl: int = 64, payload: bytes = b"") -> bytes:
    """An IPv4 TCP packet with correct checksums."""
    src, dst, sport, dport = flow
    tcp = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 5 << 4, flags, win, 0, 0) + payload
    pseudo = src + dst + struct.pack("!BBH", 0, 6, len(tcp))
    tcp = tcp[:16] + struct.pack("!H", cksum(pseudo + tcp)) + tcp[18:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(tcp), ident, 0x4000, ttl, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return ip + tcp


def _udp() -> bytes:
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 28, 9, 0, 64, 17, 0, A[0], A[1])
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return ip + struct.pack("!HHHH", 5, 6, 8, 0)


ACK, PSH, SYN = 0x10, 0x08, 0x02

#: (packet, framing type, chatter reason for a full header or None)
STEPS = [
    (_tcp(A, 1, 100, 0, SYN), 0, "cannot compress packet"),
    (_tcp(A, 2, 101, 500, ACK), 1, "added"),
    (_tcp(A, 3, 101, 500, ACK, payload=b"hello"), 2, None),           # ID +1: no I
    (_tcp(A, 4, 106, 505, ACK | PSH, payload=b"x" * 300), 2, None),   # S, A one byte, P
    (_tcp(B, 50, 7, 9, ACK), 1, "added"),
    (_tcp(A, 9, 406, 505, ACK, win=1200), 2, None),                   # S two bytes, W, I
    (_tcp(B, 51, 7, 9, ACK, win=900), 1, "full win"),                 # window went down
    (_tcp(A, 10, 406 + 70000, 505, ACK, win=1200), 1, "full seq"),              # 70000 > 65535
    (_tcp(A, 11, 406 + 70000, 505, ACK, win=1200, ttl=3), 1, "full1"),
    (_udp(), 0, "cannot compress packet"),
    (_tcp(B, 52, 8, 9, ACK, win=900, payload=b"z"), 2, None),
]

CONFIG = """
define($IN in.pcap, $OUT .);
RandomSeed(7);
FromDump($IN, STOP true) -> Strip(14) -> c :: RFC2507Comp -> ToDump($OUT/comp.pcap, ENCAP IP)
  -> d :: RFC2507Decomp -> ToDump($OUT/out.pcap, ENCAP IP);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_round_trip(tmp_path: Path, sanitized: bool) -> None:
    packets = [p for p, _, _ in STEPS]
    r = run(tmp_path, CONFIG, [DST + SRC + b"\x08\x00" + p for p in packets],
            sanitized=sanitized)
    comp = r.frames("comp")
    assert [f[0] for f in comp] == [t for _, t, _ in STEPS]
    added = [int(m) for m in re.findall(r"^sport \d+ dport \d+ added cid (\d+)$", r.stderr, re.M)]
    assert len(added) == 2 and all(1 <= c <= 14 for c in added)
    cid = {A: added[0], B: added[1]}
    flows = [A, A, A, A, B, A, B, A, A, A, B]
    for (pkt, t, _), f, flow in zip(STEPS, comp, flows, strict=True):
        if t == 0:
            assert f == b"\0" + pkt
        elif t == 1:
            assert f == bytes([1, cid[flow]]) + pkt
        else:
            assert f[1] == cid[flow] and f[3:5] == pkt[36:38] and f.endswith(pkt[40:])
    assert comp[2][2] == 0 and len(comp[2]) == 5 + 5                 # nothing changed
    assert comp[3][2] == 0x1C and comp[3][5:7] == bytes([5, 5])      # P, S 5, A 5
    assert comp[5][2] == 0x2A and comp[5][5:10] == bytes([200, 0, 1, 44, 5])  # W, S, I
    for reason in ("full win", "full seq", "full1"):
        assert reason in r.stderr.splitlines()
    assert r.frames("out") == packets
    # the UDP packet is checked as TCP, as Click does: only its checksum fails
    assert r.stderr.count("cksum failed") == 1 and "seq 524288 len -12\n tcp cksum failed\n" \
        in r.stderr
    assert r.stderr.count("2507d: got full header") == sum(t == 1 for _, t, _ in STEPS)
    assert "RFC2507d: no q" not in r.stderr


def test_malformed(tmp_path: Path) -> None:
    frames = [b"\x02", b"\x02\x05\x01", b"\x01\x00" + bytes(40), b"\x01\x03" + bytes(10),
              b"\x07\x01\x00", b"\x02\x03\x02\x00\x00"]
    config = """
define($IN in.pcap);
FromDump($IN, STOP true) -> Strip(14) -> d :: RFC2507Decomp -> Discard;
"""
    r = run(tmp_path, config, [DST + SRC + b"\x08\x00" + f for f in frames])
    assert r.stderr.count("RFC2507d: no q") == 6
    assert r.drops["d"] == {"cannot decompress": 6}


#: What $CLICK_PREFIX/bin/click printed and wrote for CLICK_CONFIG on the STEPS capture (Click
#: asserts that the compressor's input has its network header at offset 0, so MarkIPHeader):
#: sha256 of the frames (4-byte big-endian length, then the bytes, each) and of stderr.
CLICK_CONFIG = CONFIG.replace("Strip(14) ->", "Strip(14) -> MarkIPHeader ->")
CLICK_COMP_SHA256 = "d8214d22a23ed31d86b4480f8bd81f1766b2e8321e2ad290243dfda885e571d8"
CLICK_OUT_SHA256 = "2c47d18de6c148d3910e60e9e97663f68c8aa02bad4dc64469eaa44f46d0684c"
CLICK_STDERR_SHA256 = "e2795f4c3efd2904b8613da504bdc034e315dd092ccd45a3162c20bce9fe0407"


def _frames_sha256(frames: list[bytes]) -> str:
    return hashlib.sha256(b"".join(len(f).to_bytes(4, "big") + f for f in frames)).hexdigest()


def test_round_trip_as_click_recorded(tmp_path: Path) -> None:
    packets = [p for p, _, _ in STEPS]
    r = run(tmp_path, CLICK_CONFIG, [DST + SRC + b"\x08\x00" + p for p in packets])
    assert _frames_sha256(r.frames("comp")) == CLICK_COMP_SHA256
    assert _frames_sha256(r.frames("out")) == CLICK_OUT_SHA256
    assert hashlib.sha256(r.stderr.encode()).hexdigest() == CLICK_STDERR_SHA256
