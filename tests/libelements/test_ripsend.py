"""RIPSend (issue 19): the RIP II packet it sends 3 seconds after the start (Click's
elements/ip/ripsend.cc: the UDP checksum summed over the pseudo-header fields laid out in the IP
header's place, then the header completed)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import run

CONFIG = """
define($OUT .);
RIPSend(18.26.4.24, 18.26.4.255, 10.0.0.0/8, 10) -> ToDump($OUT/rip.pcap, ENCAP IP);
Script(wait 3.5s, stop);
"""


def test_ripsend(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [])
    src, dst = bytes([18, 26, 4, 24]), bytes([18, 26, 4, 255])
    rip = struct.pack("!BBHHH", 2, 2, 0, 2, 0) + bytes([10, 0, 0, 0, 255, 0, 0, 0]) + src \
        + struct.pack("!I", 10)
    udp = struct.pack("!HHHH", 520, 520, 32, 0) + rip
    pseudo = struct.pack("!BBHHHBBH4s4s", 0, 0, 32, 0, 0, 0, 17, 0, src, dst)
    s = cksum(pseudo + udp)
    # Click stores the sum as computed (in network order, as click_in_cksum returns it)
    udp = udp[:6] + struct.pack("!H", s) + udp[8:]
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 52, 0, 0, 200, 17, 0, src, dst)
    ip = ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:]
    assert r.frames("rip") == [ip + udp]
