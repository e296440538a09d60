"""FastUDPFlows (issue 19): with RandomSeed its flows' ports and the flow chosen for each packet
are the C library's random() numbers Click's click_random() draws ((r >> 2) % 0xFFFF per port,
stored without byte swapping as Click does; (r >> 2) % FLOWS per packet), a flow's ports change
after FLOWSIZE packets, and LIMIT, the handlers and the packet layout are FastUDPSource's
(Click's elements/tcpudp/fastudpflows.cc)."""

from __future__ import annotations

import ctypes
import ctypes.util
import struct
import sys
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import run

CONFIG = """
define($OUT .);
RandomSeed(7);
f :: FastUDPFlows(0, 12, 64, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 3, 2)
  -> ToDump($OUT/flows.pcap);
"""

#: a second router: its pulls would interleave their draws with f's
CONFIG_NOSUM = """
define($OUT .);
RandomSeed(7);
n :: FastUDPFlows(0, 4, 10, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 1, 100, false)
  -> ToDump($OUT/nosum.pcap);
"""


def _packet(length: int, sport: int, dport: int, checksum: bool) -> bytes:
    eth = bytes.fromhex("020000000002020000000001") + b"\x08\x00"
    src, dst = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, length - 14, 0, 0, 250, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    ulen = length - 34
    udp = struct.pack("<HH", sport, dport) + struct.pack("!HH", ulen, 0) + bytes(ulen - 8)
    if checksum:
        s = cksum(src + dst + struct.pack("!BBH", 0, 17, ulen) + udp)
        udp = udp[:6] + struct.pack("!H", s) + udp[8:]
    return eth + ip + udp


def _expected(seed: int) -> list[bytes]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(seed)

    def r() -> int:
        return int(libc.random())

    def ports() -> tuple[int, int]:
        s = (r() >> 2) % 0xFFFF
        return s, (r() >> 2) % 0xFFFF

    flows = [[*ports(), 0] for _ in range(3)]
    out = []
    for _ in range(12):
        fl = flows[(r() >> 2) % 3]
        if fl[2] == 2:
            fl[0], fl[1] = ports()
            fl[2] = 0
        fl[2] += 1
        out.append(_packet(64, fl[0], fl[1], True))
    return out


def _nosum_expected(seed: int) -> list[bytes]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(seed)
    sport, dport = ((int(libc.random()) >> 2) % 0xFFFF for _ in range(2))
    return [_packet(60, sport, dport, False)] * 4


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")
def test_fastudpflows(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], ["f.count", "f.rate"])
    assert r.frames("flows") == _expected(7)
    assert r.handlers["f.count"] == "12"
    assert int(r.handlers["f.rate"]) > 0
    # LENGTH below 60 is 60; CHECKSUM false leaves the UDP checksum 0
    (tmp_path / "n").mkdir()
    r2 = run(tmp_path / "n", CONFIG_NOSUM, [], ["n.count"])
    assert r2.frames("nosum") == _nosum_expected(7)
    assert r2.handlers["n.count"] == "4"
