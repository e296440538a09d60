"""Crafted frames for the new element classes (crafted.pcap), built with the IPv4 helpers of
tests/ipelements/crafted.py: truncated and inconsistent IP, TCP, UDP and ICMP headers for
the checksum setters, StripIPHeader and ICMPPingResponder, echo requests (with options, as
fragments, with a zero-sum body) and frames around CheckLength's and StoreData's limits.
Every frame holds at least a full Ethernet header: EtherMirror's and StoreData's behaviour on
shorter ones is compared with Click's elsewhere only for clickc (Click reads past them).
"""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def _ip_helpers() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "ipelements_crafted", HERE.parent / "ipelements" / "crafted.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def packets() -> list[bytes]:
    """The crafted IP packets (no link header), in file order."""
    c = _ip_helpers()
    ip, udp, tcp, icmp = c.ip, c.udp, c.tcp, c.icmp
    echo = icmp(8, 0, b"\x12\x34\x00\x01" + b"abcdefgh")
    ps = [
        ip(udp(b"x"))[:10],                                   # truncated IP header
        ip(udp(b"x"), hl=4),                                  # header length < 20
        ip(udp(b"x"), hl=15),                                 # header length > packet
        ip(udp(b"x"), version=6),                             # not IPv4
        ip(udp(b"hello"), good_sum=False),                    # bad IP checksum
        ip(tcp(b"data"), proto=6), ip(tcp(b"data", good_sum=False), proto=6),
        ip(tcp(b"data", doff=3), proto=6),                    # TCP offset below 5
        ip(tcp(b"", doff=12), proto=6),                       # TCP offset past the segment
        ip(tcp(b"x")[:12], proto=6),                          # TCP header cut short
        ip(tcp(b"frag" * 10, doff=12), proto=6, off=0x2000),  # first fragment, long offset
        ip(tcp(b"y" * 30), proto=6, length=30),               # IP length shorter than data
        ip(udp(b"abc", ulen=300)),                            # UDP length > datagram
        ip(udp(b"abc", ulen=4)),                              # UDP length < 8
        ip(b"\0\1\0\2", proto=17),                            # UDP header cut short
        ip(udp(b"zero", zero_sum=True)), ip(udp(b"bad!", good_sum=False)),
        ip(udp(b"frag" * 8), off=0x2000),                     # UDP first fragment
        ip(b"more" * 8, proto=17, off=100),                   # UDP later fragment
        ip(udp(b"routed"), opts=bytes([131, 7, 4, 10, 0, 0, 1, 0])),  # source route
        ip(echo, proto=1), ip(echo, proto=1, off=0x4000, ttl=3),
        ip(echo, proto=1, opts=bytes([7, 7, 4, 0, 0, 0, 0, 0])),
        ip(icmp(8, 0, b"\0\0\0\0"), proto=1),                 # echo, zero identifier/seq
        ip(icmp(8, 0, b""), proto=1)[:24],                    # ICMP header cut short
        ip(icmp(0, 0, b"\0\1\0\1"), proto=1),                 # echo reply
        ip(icmp(13, 0, bytes(16)), proto=1),                  # timestamp request
        ip(echo, proto=6),                                    # an echo body, but TCP
        ip(udp(bytes(range(256)) * 5)),                       # long
    ]
    return ps


def write_crafted(path: Path) -> None:
    """Write the crafted packets as an Ethernet pcap (microsecond timestamps from 1.0 s),
    plus frames of exactly 14, 60, 200 and 201 bytes (CheckLength(200)'s limit)."""
    c = _ip_helpers()
    frames = [c.ETH + p for p in packets()]
    frames += [c.ETH, c.ETH + bytes(46), c.ETH + bytes(186), c.ETH + bytes(187)]
    out = bytearray(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
    for i, frame in enumerate(frames):
        out += struct.pack("<IIII", 1000 + i, 1000 * i, len(frame), len(frame)) + frame
    path.write_bytes(bytes(out))
