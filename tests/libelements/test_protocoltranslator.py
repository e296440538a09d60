"""ProtocolTranslator46 and ProtocolTranslator64 (issue 19): IPv4 TCP, UDP and ICMP echo
packets become IPv6 packets between IPv4-mapped addresses with Click's header fields (hop limit
TTL + 0x40 - 0xFF, DF and ID 0 on the way back) and valid checksums, and back; untranslatable
packets are counted drops (Click's elements/ip6/protocoltranslator46.cc, 64.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import run

SRC4, DST4 = bytes([10, 0, 0, 1]), bytes([192, 0, 2, 7])
MAP = bytes(10) + b"\xff\xff"

CONFIG = """
FromDump($IN, STOP true) -> a :: ProtocolTranslator46 -> t :: Tee;
t[0] -> ToDump($OUT/v6.pcap);
t[1] -> b :: ProtocolTranslator64 -> ToDump($OUT/v4.pcap);
"""


def _ip4(proto: int, payload: bytes, ttl: int = 64, off: int = 0) -> bytes:
    ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 77, off, ttl, proto, 0,
                     SRC4, DST4)
    return ip[:10] + struct.pack("!H", cksum(ip)) + ip[12:] + payload


def _with_sum(seg: bytes, off: int, pseudo: bytes) -> bytes:
    seg = seg[:off] + b"\0\0" + seg[off + 2:]
    return seg[:off] + struct.pack("!H", cksum(pseudo + seg)) + seg[off + 2:]


def _ph4(proto: int, n: int) -> bytes:
    return SRC4 + DST4 + struct.pack("!BBH", 0, proto, n)


def _ph6(proto: int, n: int) -> bytes:
    return MAP + SRC4 + MAP + DST4 + struct.pack("!IxxxB", n, proto)


def _ip6(nxt: int, payload: bytes, hlim: int) -> bytes:
    return struct.pack("!IHBB", 0x60000000, len(payload), nxt, hlim) + MAP + SRC4 + MAP + DST4 \
        + payload


def test_protocol_translators(tmp_path: Path) -> None:
    tcp = struct.pack("!HHIIBBHHH", 1000, 80, 1, 2, 0x50, 0x18, 512, 0, 0) + b"data"
    udp = struct.pack("!HHHH", 53, 5353, 8 + 5, 0) + b"hello"
    echo = struct.pack("!BBHHH", 8, 0, 0, 0x1234, 7) + b"ping payload"
    frames = [_ip4(6, _with_sum(tcp, 16, _ph4(6, len(tcp)))),
              _ip4(17, _with_sum(udp, 6, _ph4(17, len(udp)))),
              _ip4(1, _with_sum(echo, 2, b"")),
              _ip4(1, struct.pack("!BBHI", 5, 0, 0, 0) + bytes(28)),  # redirect: not translated
              b"\x45\x00"]
    r = run(tmp_path, CONFIG, frames, sanitized=True)
    hlim = (64 + 0x40 - 0xFF) & 0xFF
    echo6 = struct.pack("!BBHHH", 128, 0, 0, 0x1234, 7) + b"ping payload"
    want6 = [_ip6(6, _with_sum(tcp, 16, _ph6(6, len(tcp))), hlim),
             _ip6(17, _with_sum(udp, 6, _ph6(17, len(udp))), hlim),
             _ip6(58, _with_sum(echo6, 2, _ph6(58, len(echo6))), hlim)]
    assert r.frames("v6") == want6
    assert r.drops["a"] == {"ICMP type not translated": 1, "bad IP header": 1}

    def back(proto: int, payload: bytes) -> bytes:
        ip = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20 + len(payload), 0, 0x4000, hlim, proto,
                         0, SRC4, DST4)
        whole = ip + payload if proto == 1 else ip  # Click sums the whole ICMP packet
        return ip[:10] + struct.pack("!H", cksum(whole)) + ip[12:] + payload

    assert r.frames("v4") == [back(6, _with_sum(tcp, 16, _ph4(6, len(tcp)))),
                              back(17, _with_sum(udp, 6, _ph4(17, len(udp)))),
                              back(1, _with_sum(echo, 2, b""))]


CONFIG64 = """
FromDump($IN, STOP true) -> b :: ProtocolTranslator64 -> ToDump($OUT/v4.pcap);
"""


def test_protocoltranslator64_drops(tmp_path: Path) -> None:
    native = struct.pack("!IHBB", 0x60000000, 8, 17, 9) + bytes(15) + b"\x01" + bytes(15) \
        + b"\x02" + struct.pack("!HHHH", 1, 2, 8, 0)
    nd = _ip6(58, struct.pack("!BBHI", 135, 0, 0, 0) + bytes(16), 255)
    r = run(tmp_path, CONFIG64, [native, nd, bytes(30)], sanitized=True)
    assert r.frames("v4") == []
    assert r.drops["b"] == {"not IPv4-mapped": 1, "ICMPv6 type not translated": 1,
                            "bad IPv6 header": 1}
