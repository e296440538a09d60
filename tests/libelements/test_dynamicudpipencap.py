"""DynamicUDPIPEncap (issue 19): UDPIPEncap's headers (TTL 250, IDs from 0, the IP checksum,
the UDP checksum unless CHECKSUM false) with both ports growing by one after every INTERVAL
packets, wrapping at 65536 (Click's elements/tcpudp/dynudpipencap.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import run

PAYLOADS = [bytes([i]) * (3 + i) for i in range(5)]

CONFIG = """
FromDump($IN, STOP true) -> t :: Tee;
t[0] -> DynamicUDPIPEncap(1.0.0.1, 1234, 2.0.0.2, 65535, true, 2) -> ToDump($OUT/a.pcap, ENCAP IP);
t[1] -> DynamicUDPIPEncap(1.0.0.1, 7, 2.0.0.2, 9, CHECKSUM false) -> ToDump($OUT/b.pcap, ENCAP IP);
"""


def _packet(i: int, payload: bytes, sport: int, dport: int, checksum: bool) -> bytes:
    src, dst = bytes([1, 0, 0, 1]), bytes([2, 0, 0, 2])
    total = 28 + len(payload)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, total, i, 0, 250, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    udp = struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + payload
    if checksum:
        s = cksum(src + dst + struct.pack("!BBH", 0, 17, len(udp)) + udp)
        udp = udp[:6] + struct.pack("!H", s) + udp[8:]
    return ip + udp


def test_dynamicudpipencap(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, PAYLOADS, sanitized=True)
    # INTERVAL 2: ports (1234, 65535) twice, (1235, 0) twice, then (1236, 1)
    ports = [(1234, 65535), (1234, 65535), (1235, 0), (1235, 0), (1236, 1)]
    assert r.frames("a") == [_packet(i, p, *ports[i], True) for i, p in enumerate(PAYLOADS)]
    assert r.frames("b") == [_packet(i, p, 7, 9, False) for i, p in enumerate(PAYLOADS)]
