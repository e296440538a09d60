"""TCPIPSend (issue 19): the packets a `send` write pushes (Click's
elements/tcpudp/tcpipsend.cc): COUNT copies of a 40-byte IPv4/TCP packet, the addresses taken
as unsigned integers in host byte order as Click does, both checksums, STOP."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from tests.pktlib import cksum

from .harness import run

CONFIG = """
define($OUT .);
t :: TCPIPSend -> ToDump($OUT/tcp.pcap, ENCAP IP);
Script(write t.send 167772161 1234 167772162 80 1000 2000 18 2,
       write t.send 167772161 1234 167772162 80 5 6 1 1 true);
"""


def _packet(src: int, sport: int, dst: int, dport: int, seq: int, ack: int, flags: int) -> bytes:
    s, d = struct.pack("=I", src), struct.pack("=I", dst)
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 40, 0, 0x4000, 255, 6, 0, s, d)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    tcp = struct.pack("!HHIIBBHHH", sport, dport, seq, ack, 0x50, flags, 32120, 0, 0)
    c = cksum(s + d + struct.pack("!BBH", 0, 6, 20) + tcp)
    return ip + tcp[:16] + struct.pack("!H", c) + tcp[18:]


def test_tcpipsend(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [])
    one = _packet(167772161, 1234, 167772162, 80, 1000, 2000, 18)
    two = _packet(167772161, 1234, 167772162, 80, 5, 6, 1)
    assert r.frames("tcp") == [one, one, two]
    if sys.byteorder == "little":
        assert one[12:16] == bytes([1, 0, 0, 10])
