"""FastUDPSourceIP6 (issue 19): its Ethernet/IPv6/UDP packet (hop limit 250, the UDP checksum
over the IPv6 pseudo-header), LIMIT, the ports growing every INTERVAL packets and CHECKSUM false
(Click's elements/tcpudp/fastudpsrcip6.cc)."""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import run

S = ipaddress.IPv6Address("2001:db8::1").packed
D = ipaddress.IPv6Address("2001:db8::2").packed

CONFIG = """
define($OUT .);
f :: FastUDPSourceIP6(0, 5, 80, 2:0:0:0:0:1, 2001:db8::1, 1000, 2:0:0:0:0:2, 2001:db8::2, 2000,
                      INTERVAL 2) -> ToDump($OUT/f.pcap);
n :: FastUDPSourceIP6(0, 2, 10, 2:0:0:0:0:1, 2001:db8::1, 7, 2:0:0:0:0:2, 2001:db8::2, 9, false)
  -> ToDump($OUT/n.pcap);
"""


def _packet(length: int, sport: int, dport: int, checksum: bool) -> bytes:
    ulen = length - 54
    udp = struct.pack("!HHHH", sport, dport, ulen, 0) + bytes(max(ulen - 8, 0))
    if checksum:
        s = cksum(S + D + struct.pack("!IxxxB", ulen, 17) + udp)
        udp = udp[:6] + struct.pack("!H", s) + udp[8:]
    eth = bytes.fromhex("020000000002020000000001") + b"\x86\xdd"
    return (eth + struct.pack("!IHBB", 0x60000000, ulen, 17, 250) + S + D + udp)[:length]


def test_fastudpsourceip6(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], ["f.count", "n.count"])
    # ports grow by one after every second packet
    assert r.frames("f") == [_packet(80, 1000 + i // 2, 2000 + i // 2, True) for i in range(5)]
    # 60 bytes: the UDP header is cut after its length field, as Click makes it
    assert r.frames("n") == [_packet(60, 7, 9, False)] * 2
    assert (r.handlers["f.count"], r.handlers["n.count"]) == ("5", "2")
