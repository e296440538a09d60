"""UDPIP6Encap (issue 19): the IPv6 and UDP headers it prepends (hop limit 255, the UDP
checksum over the IPv6 pseudo-header, RFC 8200 8.1), DST_ANNO, and its handlers (Click's
elements/tcpudp/udpip6encap.cc)."""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import DST, SRC, run

S = ipaddress.IPv6Address("2001:db8::1").packed
D = ipaddress.IPv6Address("2001:db8::2").packed
N = ipaddress.IPv6Address("fe80::99").packed

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> t :: Tee(2);
t[0] -> u :: UDPIP6Encap(2001:db8::1, 1234, 2001:db8::2, 53) -> ToDump($OUT/fixed.pcap, ENCAP IP);
t[1] -> SetIP6Address(fe80::99) -> a :: UDPIP6Encap(2001:db8::1, 7, DST_ANNO, 8)
     -> ToDump($OUT/anno.pcap, ENCAP IP);
Idle -> h :: UDPIP6Encap(::1, 1, ::2, 2) -> Discard;
DriverManager(wait_stop, write h.sport 99, write h.dst DST_ANNO, write h.src 2001:db8::5, stop);
"""


def _encap(payload: bytes, src: bytes, dst: bytes, sport: int, dport: int) -> bytes:
    ulen = 8 + len(payload)
    udp = struct.pack("!HHHH", sport, dport, ulen, 0) + payload
    pseudo = src + dst + struct.pack("!IxxxB", ulen, 17)
    udp = udp[:6] + struct.pack("!H", cksum(pseudo + udp)) + udp[8:]
    return struct.pack("!IHBB", 0x60000000, ulen, 17, 255) + src + dst + udp


def test_udpip6encap(tmp_path: Path) -> None:
    payloads = [b"hello, world", b"x" * 33, b""]
    r = run(tmp_path, CONFIG, [DST + SRC + b"\x08\x00" + p for p in payloads],
            ["u.src", "u.sport", "u.dst", "u.dport", "a.dst", "h.sport", "h.dst", "h.src"])
    assert r.frames("fixed") == [_encap(p, S, D, 1234, 53) for p in payloads]
    assert r.frames("anno") == [_encap(p, S, N, 7, 8) for p in payloads]
    h = r.handlers
    assert (h["u.src"], h["u.sport"], h["u.dst"], h["u.dport"]) == \
        ("2001:db8::1", "1234", "2001:db8::2", "53")
    assert h["a.dst"] == "::"
    assert (h["h.sport"], h["h.dst"], h["h.src"]) == ("99", "::", "2001:db8::5")
