"""FastTCPFlows (issue 19): with RandomSeed its flows' ports, sequence and acknowledgment
numbers and the flow chosen for each packet are the C library's random() numbers Click's
click_random() draws, in Click's order; each flow sends a SYN, data packets and a FIN every
FLOWSIZE packets and then changes its ports; after LIMIT packets the flows that have not sent
their FIN send it, in flow order (Click's elements/tcpudp/fasttcpflows.cc)."""

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
RandomSeed(11);
f :: FastTCPFlows(0, 10, 70, 2:0:0:0:0:1, 10.0.0.1, 2:0:0:0:0:2, 10.0.0.2, 3, 2)
  -> ToDump($OUT/flows.pcap);
"""

SYN, PSHACK, FIN = 0x02, 0x18, 0x01


def _packet(length: int, sport: int, dport: int, seq: int, ack: int, flags: int) -> bytes:
    eth = bytes.fromhex("020000000002020000000001") + b"\x08\x00"
    src, dst = bytes([10, 0, 0, 1]), bytes([10, 0, 0, 2])
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, length - 14, 0, 0, 250, 6, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    tlen = length - 34
    tcp = (struct.pack("<HHII", sport, dport, seq, ack) + bytes([0x50, flags, 0xFF, 0xFF])
           + bytes(tlen - 16))
    s = cksum(src + dst + struct.pack("!BBH", 0, 6, tlen) + tcp)
    tcp = tcp[:16] + struct.pack("!H", s) + tcp[18:]
    return eth + ip + tcp


def _expected(seed: int, nflows: int, flowsize: int, limit: int, length: int) -> list[bytes]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(seed)

    def r() -> int:
        return int(libc.random())

    flows = []
    for _ in range(nflows):
        ports = [(r() >> 2) % 0xFFFF, (r() >> 2) % 0xFFFF]
        seqack = {fl: (r(), r()) for fl in (SYN, PSHACK, FIN)}
        flows.append({"ports": ports, "seqack": seqack, "sent": 0})

    def pkt(f: dict, flags: int) -> bytes:  # type: ignore[type-arg]
        return _packet(length, *f["ports"], *f["seqack"][flags], flags)

    out = []
    for _ in range(limit):
        f = flows[(r() >> 2) % nflows]
        if f["sent"] == flowsize:
            f["ports"] = [(r() >> 2) % 0xFFFF, (r() >> 2) % 0xFFFF]
            f["sent"] = 0
        f["sent"] += 1
        out.append(pkt(f, SYN if f["sent"] == 1 else FIN if f["sent"] == flowsize else PSHACK))
    for f in flows:
        if f["sent"] != flowsize:
            out.append(pkt(f, FIN))
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")
def test_fasttcpflows(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], ["f.count"], sanitized=True)
    # FLOWSIZE 2 is 3 (Click's warning)
    assert "flow size < 3" in r.stderr
    want = _expected(11, 3, 3, 10, 70)
    assert r.frames("flows") == want
    assert r.handlers["f.count"] == str(len(want))
