"""IPv6 packets built for the IPv6 element cases (crafted6.pcap).

``write_crafted(path)`` writes a classic little-endian Ethernet pcap whose packets exercise
the corner cases of Click's IPv6 elements: neighbor solicitations (good, wrong checksum,
wrong hop limit, unknown target, truncated), neighbor advertisements, IPv6 packets for each
route of the test tables, hop limits 0, 1 and 2, bad versions, truncated headers, payload
lengths larger and smaller than the data, bad source addresses, multicast destinations and
ICMPv6 error messages.  Checksums are computed from RFC 4443 2.3 (pseudo-header of RFC 8200
8.1).
"""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from tests.pktlib import cksum

ROUTER_ETH = bytes.fromhex("001122334455")
HOST_ETH = bytes.fromhex("66778899aabb")


def a6(s: str) -> bytes:
    """16 bytes of an IPv6 address."""
    return ipaddress.IPv6Address(s).packed


def ip6(payload: bytes, *, src: str = "2001:db8:7::2", dst: str = "2001:db8:1::5",
        nxt: int = 17, hlim: int = 64, version: int = 6, plen: int | None = None) -> bytes:
    """An IPv6 packet (payload length right unless ``plen`` is given)."""
    n = len(payload) if plen is None else plen
    return struct.pack("!IHBB16s16s", (version << 28) | 0x12345, n, nxt, hlim,
                       a6(src), a6(dst)) + payload


def icmp6(type_: int, code: int, body: bytes, *, src: str, dst: str,
          good_sum: bool = True) -> bytes:
    """An ICMPv6 message with its checksum over the pseudo-header."""
    msg = bytes([type_, code, 0, 0]) + body
    pseudo = a6(src) + a6(dst) + struct.pack("!IxxxB", len(msg), 58)
    s = cksum(pseudo + msg) ^ (0 if good_sum else 0x5555)
    return msg[:2] + struct.pack("!H", s) + msg[4:]


def eth(payload: bytes, *, dst: bytes = ROUTER_ETH, src: bytes = HOST_ETH,
        etype: int = 0x86DD) -> bytes:
    """An Ethernet frame."""
    return dst + src + struct.pack("!H", etype) + payload


def ns(target: str, *, src: str = "fe80::2", hlim: int = 255, good_sum: bool = True) -> bytes:
    """A neighbor solicitation (RFC 4861 4.3) for ``target`` with a source link-layer option."""
    t = a6(target)
    dst = "ff02::1:ff" + f"{t[13]:02x}:{t[14]:02x}{t[15]:02x}"
    body = bytes(4) + t + bytes([1, 1]) + HOST_ETH
    m = icmp6(135, 0, body, src=src, dst=dst, good_sum=good_sum)
    return eth(ip6(m, src=src, dst=dst, nxt=58, hlim=hlim), dst=b"\x33\x33\xff" + t[13:])


def na(target: str, mac: bytes, *, src: str | None = None) -> bytes:
    """A solicited neighbor advertisement (RFC 4861 4.4) with a target link-layer option."""
    s = src or target
    body = bytes([0x60, 0, 0, 0]) + a6(target) + bytes([2, 1]) + mac
    m = icmp6(136, 0, body, src=s, dst="fe80::1")
    return eth(ip6(m, src=s, dst="fe80::1", nxt=58, hlim=255), src=mac)


def udp(n: int = 12) -> bytes:
    """A UDP header and ``n`` payload bytes (checksum not checked by these elements)."""
    return struct.pack("!HHHH", 5000, 53, 8 + n, 0) + bytes(range(n))


def packets() -> list[bytes]:
    """The frames of crafted6.pcap, in order."""
    big = bytes(range(256)) * 4
    return [
        # neighbor discovery
        ns("2001:db8::1"),
        ns("2001:db8:5::77"),
        ns("2001:db8:6::78", src="2001:db8:6::9"),
        ns("2001:db8::1", good_sum=False),
        ns("2001:db8::1", hlim=64),
        ns("2001:db8:99::1"),
        ns("2001:db8::1")[:80],
        # routed packets
        eth(ip6(udp(), dst="2001:db8:1::5")),
        eth(ip6(udp(), dst="2001:db8:1::5")),
        eth(ip6(udp(), dst="2001:db8:2::6")),
        eth(ip6(udp(), dst="2001:db8:3::7")),
        eth(ip6(udp(), dst="2001:db8:4::8")),
        eth(ip6(udp(), dst="2001:db8:99::9")),
        eth(ip6(udp(40), dst="2001:db8:1::5", hlim=1)),
        eth(ip6(udp(), dst="2001:db8:1::5", hlim=0)),
        eth(ip6(udp(), dst="2001:db8:1::5", hlim=2)),
        eth(ip6(big, dst="2001:db8:1::5", hlim=1)),
        eth(ip6(udp(), dst="ff02::1", hlim=1)),
        eth(ip6(icmp6(1, 3, bytes(4) + ip6(udp(), src="2001:db8:1::5"), src="2001:db8:9::1",
                      dst="2001:db8:7::2"), dst="2001:db8:1::5", nxt=58, hlim=1)),
        # malformed
        eth(ip6(udp(), version=4)),
        eth(ip6(udp(), version=0, nxt=58, hlim=1)),
        eth(ip6(udp())[:30]),
        eth(ip6(udp(), plen=200)),
        eth(ip6(udp(), plen=4) + bytes(6)),
        eth(ip6(udp(), src="ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff")),
        eth(ip6(udp(), src="2001:db8::bad")),
        eth(b""),
        eth(bytes(20)),
        # advertisements answering the solicitor's queries
        na("2001:db8:1::5", bytes.fromhex("020000000001")),
        na("2001:db8:1::5", bytes.fromhex("020000000002")),
        eth(ip6(udp(), dst="2001:db8:1::5")),
        na("2001:db8:77::1", bytes.fromhex("020000000003")),
        na("fe80::1", bytes.fromhex("020000000004"))[:70],
    ]


def write_crafted(path: Path) -> None:
    """Write crafted6.pcap (microsecond little-endian pcap, DLT_EN10MB) to ``path``."""
    out = [struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1)]
    for i, p in enumerate(packets()):
        out.append(struct.pack("<IIII", 1700000000 + i, 1000 * i, len(p), len(p)) + p)
    path.write_bytes(b"".join(out))
