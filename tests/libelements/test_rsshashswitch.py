"""RSSHashSwitch (issue 19, FastClick's measurement elements): the output is the Toeplitz hash
FastClick's rsshashswitch.cc computes in software (DPDK's rte_softrss, key 0x6D5A repeated)
modulo MAX.  The expectations come from the textbook Toeplitz hash, written here
independently of the C file: over the big-endian bytes of FastClick's three tuple words as a
little-endian machine fills them (each address's bytes reversed, then the source port's bytes
reversed and the destination port's).  FastClick builds it only with DPDK (ELEMENT_REQUIRES),
which the local FastClick lacks: there is no live comparison."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run

KEY = bytes([0x6D, 0x5A] * 20)


def toeplitz(data: bytes, key: bytes = KEY) -> int:
    """The Toeplitz hash of ``data`` (bits most significant first) with ``key``."""
    k = int.from_bytes(key, "big")
    klen = len(key) * 8
    h = 0
    for n in range(len(data) * 8):
        if data[n // 8] >> (7 - n % 8) & 1:
            h ^= (k >> (klen - 32 - n)) & 0xFFFFFFFF
    return h


def frame(src: str, dst: str, sport: int, dport: int, proto: int = 17,
          frag: int = 0) -> bytes:
    """An Ethernet/IPv4 frame with a UDP or TCP header's ports and 8 more bytes."""
    s, d = bytes(map(int, src.split("."))), bytes(map(int, dst.split(".")))
    body = struct.pack("!HH", sport, dport) + bytes(16)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(body), 1, frag, 64, proto, 0, s, d)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    return DST + SRC + b"\x08\x00" + ip + body


def expected_hash(src: str, dst: str, sport: int, dport: int) -> int:
    s, d = bytes(map(int, src.split("."))), bytes(map(int, dst.split(".")))
    ports = struct.pack("!HH", dport, sport)   # the third word's bytes, in memory order
    return toeplitz(s[::-1] + d[::-1] + ports[::-1])


#: (source, destination, source port, destination port); the sixth is a TCP packet
FLOWS: list[tuple[str, str, int, int]] = [
         ("10.0.0.1", "10.0.0.2", 1234, 80), ("192.168.1.7", "8.8.8.8", 5353, 53),
         ("172.16.5.4", "10.1.2.3", 40000, 443), ("1.2.3.4", "5.6.7.8", 1, 2),
         ("10.0.0.2", "10.0.0.1", 80, 1234), ("100.64.0.9", "100.64.0.10", 6000, 6001),
         ("203.0.113.5", "198.51.100.7", 65535, 0), ("9.9.9.9", "1.1.1.1", 777, 888),
         ("10.0.1.1", "10.0.0.2", 1007, 80), ("10.0.2.1", "10.0.0.2", 1014, 80),
         ("10.0.7.1", "10.0.0.2", 1049, 80), ("10.0.11.1", "10.0.0.2", 1077, 80)]
ARP = DST + SRC + b"\x08\x06" + bytes(28)
FRAGMENT = frame("10.0.0.1", "10.0.0.2", 1234, 80, frag=0x2003)  # a later fragment

CONFIG = """
FromDump($IN, STOP true) -> MarkIPHeader(14) -> sw :: RSSHashSwitch;
sw[0] -> ToDump($OUT/o0.pcap); sw[1] -> ToDump($OUT/o1.pcap);
sw[2] -> ToDump($OUT/o2.pcap); sw[3] -> ToDump($OUT/o3.pcap);
"""
CONFIG_MAX = """
FromDump($IN, STOP true) -> MarkIPHeader(14) -> sw :: RSSHashSwitch(MAX 6);
sw[0] -> ToDump($OUT/o0.pcap); sw[1] -> ToDump($OUT/o1.pcap);
sw[2] -> ToDump($OUT/o2.pcap); sw[3] -> ToDump($OUT/o3.pcap);
"""


def test_known_value() -> None:
    """A single set bit takes the 32 key bits starting at the bit's position."""
    assert toeplitz(b"\x80" + bytes(11)) == 0x6D5A6D5A
    assert toeplitz(b"\x40" + bytes(11)) == 0xDAB4DAB4


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "sanitized"])
@pytest.mark.parametrize("max_", [4, 6], ids=["outputs", "max6"])
def test_outputs(tmp_path: Path, sanitized: bool, max_: int) -> None:
    frames = [frame(*f, proto=6 if i == 5 else 17) for i, f in enumerate(FLOWS)]
    frames += [ARP, FRAGMENT]
    # every output is reached
    assert {expected_hash(*f) % 4 for f in FLOWS} == {0, 1, 2, 3}
    r = run(tmp_path, CONFIG if max_ == 4 else CONFIG_MAX, frames, sanitized=sanitized)
    want: dict[int, list[bytes]] = {i: [] for i in range(4)}
    dropped = 0
    for f, fr in zip(FLOWS, frames, strict=False):
        n = expected_hash(*f) % max_
        if n < 4:
            want[n].append(fr)
        else:
            dropped += 1
    want[0] += [ARP, FRAGMENT]
    for i in range(4):
        got = r.frames(f"o{i}") if f"o{i}" in r.outputs else []
        assert got == want[i], i
    if max_ == 4:
        assert sum(len(v) for v in want.values()) == len(frames)
        assert "sw" not in r.drops
    else:
        assert r.drops.get("sw", {}).get("no such output", 0) == dropped


def test_max_zero(tmp_path: Path) -> None:
    r = run(tmp_path, "FromDump($IN) -> RSSHashSwitch(MAX 0) -> Discard;", [],
            expect_ok=False)
    assert "MAX must be at least 1" in r.stderr
