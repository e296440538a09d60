"""IPInputCombo and IPOutputCombo (issue 19) on crafted Ethernet frames: good and bad IP headers
(checksum, version, lengths, a broadcast source), padding to trim, Record Route options good,
full and bad, TTL 1, a packet above the MTU; every output's bytes and the ICMP_PARAMPROB
annotation of the option error follow Click's documented rules (its ipinputcombo.hh and
ipoutputcombo.hh)."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run

ME = bytes([10, 0, 0, 1])


def _ip(payload: bytes, *, src: bytes = bytes([10, 0, 0, 9]), dst: bytes = bytes([10, 0, 1, 2]),
        ttl: int = 64, options: bytes = b"", version: int = 4, length: int | None = None,
        good_sum: bool = True) -> bytes:
    hl = 5 + len(options) // 4
    total = hl * 4 + len(payload) if length is None else length
    h = struct.pack("!BBHHHBBH4s4s", version << 4 | hl, 0, total, 1, 0, ttl, 17, 0, src, dst)
    h += options
    s = cksum(h) if good_sum else cksum(h) ^ 0x5555
    return h[:10] + struct.pack("!H", s) + h[12:] + payload


def _rr(ptr: int) -> bytes:
    return bytes([7, 7, ptr]) + bytes(4) + b"\x01"   # Record Route (room for one) and a NOP


ETH = DST + SRC + b"\x08\x00"
FRAMES = [
    ETH + _ip(b"good udp payload"),
    ETH + _ip(b"bad checksum", good_sum=False),
    ETH + _ip(b"version 6", version=6),
    ETH + _ip(b"short", length=200),
    ETH + _ip(b"padded", length=26) + b"PADDING",
    ETH + b"\x45\x00",
    ETH + _ip(b"record route", options=_rr(4)),
    ETH + _ip(b"route full", options=_rr(8)),
    ETH + _ip(b"bad pointer", options=_rr(2)),
    ETH + _ip(b"ttl one", ttl=1),
    ETH + _ip(b"x" * 120),
    ETH + _ip(b"from broadcast", src=bytes([10, 0, 0, 255])),
    ETH + _ip(b"broadcast to me", src=bytes([10, 0, 0, 255]), dst=ME),
]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> ic :: IPInputCombo(5, INTERFACES 10.0.0.1/24)
  -> ToDump($OUT/checked.pcap, ENCAP IP) -> oc :: IPOutputCombo(5, 10.0.0.1, 100);
oc[0] -> ToDump($OUT/out0.pcap, ENCAP IP);
oc[1] -> ToDump($OUT/out1.pcap, ENCAP IP);
oc[2] -> ToDump($OUT/out2.pcap, ENCAP IP) -> CheckPaint(22, ANNO 17) -> pp :: Counter -> Discard;
oc[3] -> ToDump($OUT/out3.pcap, ENCAP IP);
oc[4] -> ToDump($OUT/out4.pcap, ENCAP IP);
"""


def _valid(b: bytes) -> bool:
    if len(b) < 20 or b[0] >> 4 != 4:
        return False
    hl = (b[0] & 0xF) * 4
    ln = struct.unpack("!H", b[2:4])[0]
    if hl < 20 or ln > len(b) or ln < hl or cksum(b[:hl]) != 0:
        return False
    return not (b[12:16] in (bytes([10, 0, 0, 255]), bytes(4), b"\xff" * 4) and b[16:20] != ME)


def _dec_ttl(b: bytes) -> bytes:
    s = (~struct.unpack("!H", b[10:12])[0] & 0xFFFF) + 0xFEFF
    s = ~(s + (s >> 16)) & 0xFFFF
    return b[:8] + bytes([b[8] - 1]) + b[9:10] + struct.pack("!H", s) + b[12:]


def _expected() -> dict[str, list[bytes]]:
    exp: dict[str, list[bytes]] = {k: [] for k in
                                   ("checked", "out0", "out1", "out2", "out3", "out4")}
    for f in FRAMES:
        b = f[14:]
        if not _valid(b):
            continue
        b = b[:struct.unpack("!H", b[2:4])[0]]
        exp["checked"].append(b)
        exp["out1"].append(b)
        hl = (b[0] & 0xF) * 4
        if hl > 20 and b[20] == 7:
            ptr = b[22] - 1
            if 3 <= ptr and ptr + 4 <= 7:
                b = b[:20 + ptr] + ME + b[24 + ptr:]
                b = b[:22] + bytes([b[22] + 4]) + b[23:]
                b = b[:10] + b"\0\0" + b[12:]
                b = b[:10] + struct.pack("!H", cksum(b[:hl])) + b[12:]
            elif ptr != 7:
                exp["out2"].append(b)
                continue
        if b[8] <= 1:
            exp["out3"].append(b)
            continue
        b = _dec_ttl(b)
        exp["out4" if len(b) > 100 else "out0"].append(b)
    return exp


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_ip_combos(tmp_path: Path, sanitized: bool) -> None:
    """Each output holds exactly the packets Click's rules send there."""
    r = run(tmp_path, CONFIG, FRAMES, ["ic.drops", "pp.count"], sanitized=sanitized)
    exp = _expected()
    for name, frames in exp.items():
        assert r.frames(name) == frames, name
    bad = sum(not _valid(f[14:]) for f in FRAMES)
    assert r.handlers["ic.drops"] == str(bad)
    assert r.handlers["pp.count"] == "1"   # ICMP_PARAMPROB = 22, the bad pointer's offset
    assert r.stderr.count("IP checksum failed") == 1
