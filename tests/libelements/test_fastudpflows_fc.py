"""FastUDPFlows' FastClick keywords (issue 19, FastClick's measurement elements): FLOWBURST
sends packets in a row after each choice (from FastClick's per-thread index, which only
SEQUENTIAL moves), SEQUENTIAL chooses flows in turn and moves a flow's ports by one, DUPLICATE
sends copies, STOP stops the driver after LIMIT packets (FastClick's
elements/tcpudp/fastudpflows.cc).  The expected frames are computed here with the C library's
random(), as Click's and FastClick's click_random() draw them (seeded by RandomSeed).  The
comparison with a real FastClick built with its tcpudp and test packages (recorded) is
tests/fcelements' (docs/more-elements.md)."""

from __future__ import annotations

import ctypes
import ctypes.util
import struct
import sys
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import run

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")

#: FLOWS 3, FLOWSIZE 2, 12 packets pulled one at a time; STOP ends the run
CONFIG = """
define($OUT .);
RandomSeed(7);
f :: FastUDPFlows(0, 12, 64, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 3, 2, {kw},
                  STOP true)
  -> Unqueue -> ToDump($OUT/flows.pcap);
"""
CASES = {
    "sequential": ("SEQUENTIAL true, FLOWBURST 2, DUPLICATE true", True, 2),
    "flowburst": ("FLOWBURST 3, BURST 4", False, 3),
    "random": ("SEQUENTIAL false, DUPLICATE true", False, 1),
}


def _packet(sport: int, dport: int) -> bytes:
    """A 64-byte flow packet with ports stored as Click stores them (no byte swap)."""
    eth = bytes.fromhex("020000000002020000000001") + b"\x08\x00"
    src, dst = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 50, 0, 0, 250, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    udp = struct.pack("<HH", sport, dport) + struct.pack("!HH", 30, 0) + bytes(22)
    s = cksum(src + dst + struct.pack("!BBH", 0, 17, 30) + udp)
    return eth + ip + udp[:6] + struct.pack("!H", s) + udp[8:]


def _expected(sequential: bool, flowburst: int) -> list[bytes]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(7)

    def r() -> int:
        return int(libc.random())

    def ports() -> list[int]:
        s = (r() >> 2) % 0xFFFF
        return [s, (r() >> 2) % 0xFFFF]

    flows = [[*ports(), 0] for _ in range(3)]
    index, burst = 0, 1
    out = []
    for _ in range(12):
        burst += 1
        if burst - 1 < flowburst:
            f = index % 3
        else:
            if sequential:
                f = index % 3
                index += 1
            else:
                f = (r() >> 2) % 3
            burst = 1
        fl = flows[f]
        if fl[2] == 2:
            if sequential:
                fl[0], fl[1] = (fl[0] + 1) % 0xFFFF, (fl[1] + 1) % 0xFFFF
            else:
                fl[0], fl[1] = ports()
            fl[2] = 0
        fl[2] += 1
        out.append(_packet(fl[0], fl[1]))
    return out


@pytest.mark.parametrize("case", sorted(CASES))
def test_keywords(tmp_path: Path, case: str) -> None:
    kw, sequential, flowburst = CASES[case]
    r = run(tmp_path, CONFIG.format(kw=kw), [], ["f.count", "f.stop"])
    assert r.frames("flows") == _expected(sequential, flowburst)
    assert (r.handlers["f.count"], r.handlers["f.stop"]) == ("12", "true")


def test_stop_handler(tmp_path: Path) -> None:
    """`stop` written false before LIMIT: the run goes on until the DriverManager stops it."""
    r = run(tmp_path, """
f :: FastUDPFlows(1000, 5, 60, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 1, 10, STOP true)
  -> Unqueue -> c :: Counter -> Discard;
Script(write f.stop false, read f.stop);
DriverManager(wait_time 0.3s, write f.stop maybe, stop);
""", [], ["c.count", "f.stop"], expect_ok=False)
    assert "f.stop:\nfalse" in r.stderr
    assert "expected boolean" in r.stderr
    assert r.handlers["c.count"] == "5"


def test_keywords_sanitized(tmp_path: Path) -> None:
    kw, sequential, flowburst = CASES["sequential"]
    r = run(tmp_path, CONFIG.format(kw=kw), [], ["f.count"], sanitized=True)
    assert r.frames("flows") == _expected(sequential, flowburst)

