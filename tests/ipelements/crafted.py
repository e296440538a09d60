"""Malformed and unusual IPv4 packets built for the IP element cases (crafted.pcap).

``write_crafted(path)`` writes a classic little-endian Ethernet pcap whose packets exercise
the corner cases of Click's IP elements: truncated and inconsistent headers, bad checksums,
bad source addresses, IP options (record route, timestamp, source routes; good, full and
malformed), TTL expiry, DF and fragmentation with copied options, non-first fragments,
broadcast destinations, ICMP errors and short or bad TCP/UDP/ICMP headers.  Time-dependent
options (timestamps written by the router) are avoided: every case compares exactly.
"""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

ETH = bytes.fromhex("001122334455" "66778899aabb" "0800")


def ip(payload: bytes = b"", *, src: str = "172.16.1.2", dst: str = "10.1.2.3", proto: int = 17,
       ttl: int = 64, opts: bytes = b"", hl: int | None = None, length: int | None = None,
       off: int = 0, ident: int = 0x1234, tos: int = 0, version: int = 4,
       good_sum: bool = True) -> bytes:
    """An IPv4 packet (header fields as given; checksum right unless ``good_sum`` false)."""
    hlen = 20 + len(opts)
    h = hl if hl is not None else hlen // 4
    total = length if length is not None else hlen + len(payload)
    a = bytes(int(x) for x in src.split("."))
    d = bytes(int(x) for x in dst.split("."))
    hdr = struct.pack("!BBHHHBBH4s4s", (version << 4) | h, tos, total, ident, off, ttl, proto,
                      0, a, d) + opts
    s = cksum(hdr[:max(20, min(len(hdr), h * 4))])
    if not good_sum:
        s ^= 0x5555
    hdr = hdr[:10] + struct.pack("!H", s) + hdr[12:]
    return hdr + payload


def udp(data: bytes, src: str = "172.16.1.2", dst: str = "10.1.2.3", *, ulen: int | None = None,
        zero_sum: bool = False, good_sum: bool = True) -> bytes:
    """A UDP datagram with a pseudo-header checksum."""
    n = ulen if ulen is not None else 8 + len(data)
    seg = struct.pack("!HHHH", 1234, 53, n, 0) + data
    if zero_sum:
        return seg
    pseudo = bytes(int(x) for x in src.split(".")) + bytes(int(x) for x in dst.split(".")) \
        + struct.pack("!BBH", 0, 17, len(seg))
    s = cksum(pseudo + seg) or 0xFFFF
    if not good_sum:
        s ^= 0x00FF
    return seg[:6] + struct.pack("!H", s) + seg[8:]


def tcp(data: bytes, src: str = "172.16.1.2", dst: str = "10.1.2.3", *, doff: int = 5,
        good_sum: bool = True) -> bytes:
    """A TCP segment (data offset ``doff`` words) with a pseudo-header checksum."""
    seg = struct.pack("!HHIIBBHHH", 80, 4321, 1, 2, doff << 4, 0x18, 512, 0, 0) + data
    pseudo = bytes(int(x) for x in src.split(".")) + bytes(int(x) for x in dst.split(".")) \
        + struct.pack("!BBH", 0, 6, len(seg))
    s = cksum(pseudo + seg)
    if not good_sum:
        s ^= 0x0F0F
    return seg[:16] + struct.pack("!H", s) + seg[18:]


def icmp(t: int, code: int = 0, body: bytes = b"\0\0\0\0", good_sum: bool = True) -> bytes:
    """An ICMP message (type, code, 4 bytes of type-specific header in ``body``[:4], rest)."""
    m = struct.pack("!BBH", t, code, 0) + body
    s = cksum(m)
    if not good_sum:
        s ^= 0x1111
    return m[:2] + struct.pack("!H", s) + m[4:]


def packets() -> list[bytes]:
    """The crafted IP packets (without link header), in file order."""
    pay = bytes(range(256)) * 6
    u = udp(b"hello world!")
    ps = [
        ip(u)[:10],                                           # truncated header
        ip(u, version=6),                                     # bad version
        ip(u, hl=4),                                          # header length < 20
        ip(u, length=200),                                    # total length > packet
        ip(u, length=12),                                     # total length < header length
        ip(u, good_sum=False),                                # bad checksum
        ip(udp(b"x", "0.0.0.0", "10.0.0.1"), src="0.0.0.0", dst="10.0.0.1"),  # bad src, good dst
        ip(udp(b"x", "10.255.255.255"), src="10.255.255.255"),  # subnet broadcast source
        ip(u) + b"\0" * 9,                                    # link-level padding
        # record route: room for two, full, bad pointer, zero-length and overlong options
        ip(u, opts=bytes([7, 11, 4]) + bytes(8) + b"\0"),
        ip(u, opts=bytes([7, 11, 12]) + bytes(8) + b"\0"),
        ip(u, opts=bytes([7, 11, 2]) + bytes(8) + b"\0"),
        ip(u, opts=bytes([1, 7, 1, 1])),
        ip(u, opts=bytes([1, 1, 68, 40])),
        ip(u, opts=bytes([7, 3, 4, 0])),                      # RR with no room: pointer at end
        ip(u, opts=bytes([7, 2, 0, 0])),                      # RR of length 2
        # timestamps: full (overflow counted), overflow at 15, bad pointer, bad flag,
        # prespecified address that is not ours
        ip(u, opts=bytes([68, 12, 13, 0x30]) + bytes(8)),
        ip(u, opts=bytes([68, 12, 13, 0xF1]) + bytes(8)),
        ip(u, opts=bytes([68, 12, 3, 0x00]) + bytes(8)),
        ip(u, opts=bytes([68, 12, 5, 0x02]) + bytes(8)),
        ip(u, opts=bytes([68, 12, 5, 0x03]) + bytes([8, 8, 8, 8]) + bytes(4)),
        # loose source route, one hop done, and strict with pointer past the end
        ip(u, opts=bytes([131, 11, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0])),
        ip(u, opts=bytes([137, 11, 12, 1, 2, 3, 4, 5, 6, 7, 8, 0])),
        # TTL expiry
        ip(u, ttl=1), ip(u, ttl=0),
        ip(icmp(8, 0, b"\0\1\0\2" + b"ping"), proto=1, ttl=1),
        # DF and large, large with copied (LSRR) and uncopied (RR) options, large fragment
        ip(udp(pay[:1400]), off=0x4000),
        ip(udp(pay[:1400]), opts=bytes([131, 7, 4, 9, 9, 9, 9, 1, 7, 7, 4]) + bytes(4) + b"\0"),
        ip(udp(pay[:1300]), off=0x2000 | 10),
        ip(pay[:700], proto=17, off=0x2000 | 200),            # non-first fragment
        # broadcast and multicast destinations, martian sources
        ip(u, dst="255.255.255.255"), ip(u, dst="224.0.0.5"), ip(u, src="127.0.0.1"),
        ip(u, src="240.0.0.1"), ip(u, src="0.1.2.3"),
        # ICMP: echo, an error about a packet (never answered), bad checksum, bad lengths
        ip(icmp(8, 0, b"\0\1\0\2" + b"abcdefgh"), proto=1),
        ip(icmp(3, 1, bytes(4) + ip(u)[:28]), proto=1),
        ip(icmp(8, 0, b"\0\1\0\2abcd", good_sum=False), proto=1),
        ip(icmp(13, 0, bytes(8)), proto=1),
        ip(icmp(15, 0, bytes(8)), proto=1),
        ip(icmp(11, 0, bytes(8)), proto=1),
        ip(b"\x08\0", proto=1),
        # TCP: good, short data offset, bad checksum, header longer than the segment
        ip(tcp(b"GET /"), proto=6), ip(tcp(b"GET /", doff=4), proto=6),
        ip(tcp(b"GET /", good_sum=False), proto=6), ip(tcp(b"", doff=15), proto=6),
        ip(tcp(b"x")[:12], proto=6),
        # UDP: zero checksum, bad checksum, length < 8, length > datagram
        ip(udp(b"zero", zero_sum=True)), ip(udp(b"bad!", good_sum=False)),
        ip(udp(b"abc", ulen=4)), ip(udp(b"abc", ulen=300)), ip(b"\0\1", proto=17),
        # the same with a source route, and a good UDP packet with options
        ip(udp(b"routed"), opts=bytes([131, 7, 4, 10, 0, 0, 1, 0])),
        ip(u, opts=bytes([148, 4, 0, 0])),
    ]
    return ps


def write_crafted(path: Path) -> None:
    """Write the crafted packets as an Ethernet pcap (microsecond timestamps from 1.0 s)."""
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, p in enumerate(packets()):
        frame = ETH + p
        out += struct.pack("<IIII", 1000 + i, 1000 * i, len(frame), len(frame)) + frame
    path.write_bytes(bytes(out))
