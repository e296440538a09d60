"""The IPv6 classes of issue 19 (MarkIP6Header, IP6Mirror, SetIP6DSCP, SetIP6Address,
IP6Encap) and DiscardNoFree on crafted frames: IPv6 with UDP, TCP and ICMPv6, a TCP header cut
short, and a frame too short for an IPv6 header.  Expected bytes follow Click's documented
behaviour (each class's .hh documentation and .cc), computed here frame by frame."""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

import pytest

from .harness import DST, SRC, run

A = ipaddress.IPv6Address("2001:db8::a").packed
B = ipaddress.IPv6Address("fe80::b").packed


def _ip6(nxt: int, payload: bytes, tc: int = 0, flow: int = 0x12345) -> bytes:
    word = (6 << 28) | (tc << 20) | flow
    return struct.pack("!IHBB", word, len(payload), nxt, 64) + A + B + payload


UDP = struct.pack("!HHHH", 1000, 53, 12, 0) + b"abcd"
TCP = struct.pack("!HHIIBBHHH", 80, 4242, 1, 2, 0x50, 0x10, 100, 0, 0)
ETH6 = DST + SRC + b"\x86\xdd"
IP6S = [
    _ip6(17, UDP, tc=0x03),
    _ip6(6, TCP + b"data", tc=0xff),
    _ip6(58, b"\x80\x00\x00\x00\x00\x01\x00\x01ping"),
    _ip6(6, TCP[:6]),          # transport header shorter than 8 bytes
    _ip6(17, UDP)[:20],        # no complete IPv6 header
]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> MarkIP6Header -> t :: Tee(6);
t[0] -> m :: IP6Mirror -> ToDump($OUT/mirror.pcap, ENCAP IP);
t[1] -> d :: SetIP6DSCP(46) -> ToDump($OUT/dscp.pcap, ENCAP IP);
t[2] -> SetIP6Address(2001:db8::99) -> e :: IP6Encap(41, 2001:db8::1, DST_ANNO, CLASS 184)
     -> ToDump($OUT/encap_anno.pcap, ENCAP IP);
t[3] -> e2 :: IP6Encap(ipip, 2001:db8::1, 2001:db8::2, HLIM 7)
     -> IP6Encap(41, ::3, DST_ANNO) -> ToDump($OUT/encap2.pcap, ENCAP IP);
t[4] -> Unstrip(14) -> MarkIP6Header(14) -> m14 :: IP6Mirror -> Strip(14)
     -> ToDump($OUT/mirror14.pcap, ENCAP IP);
t[5] -> q :: Queue -> DiscardNoFree;
Idle -> d2 :: SetIP6DSCP(1) -> DiscardNoFree;
Idle -> e3 :: IP6Encap(17, ::1, ::2) -> Discard;
DriverManager(wait_stop, write d2.dscp 63, write e3.dst DST_ANNO, write e3.src 2001:db8::77, stop);
"""

HANDLERS = ["d.dscp", "d2.dscp", "e.src", "e.dst", "e2.dst", "e3.src", "e3.dst", "q.drops"]


def _mirror(b: bytes) -> bytes | None:
    if len(b) < 40:
        return None
    out = bytearray(b[:8] + b[24:40] + b[8:24] + b[40:])
    if out[6] in (6, 17) and len(out) >= 48:
        out[40:44] = out[42:44] + out[40:42]
    return bytes(out)


def _dscp(b: bytes, v: int) -> bytes:
    w = struct.unpack("!I", b[:4])[0]
    w = (w & ~(0x3F << 22)) | (v << 22)
    return struct.pack("!I", w & 0xFFFFFFFF) + b[4:]


def _encap(b: bytes, nxt: int, src: bytes, dst: bytes, hlim: int = 250, tc: int = 0) -> bytes:
    return struct.pack("!IHBB", (6 << 28) | (tc << 20), len(b), nxt, hlim) + src + dst + b


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_ip6_classes(tmp_path: Path, sanitized: bool) -> None:
    r = run(tmp_path, CONFIG, [ETH6 + b for b in IP6S], HANDLERS, sanitized=sanitized)
    mirrored = [m for m in map(_mirror, IP6S) if m is not None]
    assert r.frames("mirror") == mirrored
    assert r.frames("mirror14") == mirrored
    assert r.drops["m"] == {"no IP6 header": 1}
    assert r.drops["m14"] == {"no IP6 header": 1}
    assert r.frames("dscp") == [_dscp(b, 46) for b in IP6S]
    d99 = ipaddress.IPv6Address("2001:db8::99").packed
    one = ipaddress.IPv6Address("2001:db8::1").packed
    two = ipaddress.IPv6Address("2001:db8::2").packed
    three = ipaddress.IPv6Address("::3").packed
    assert r.frames("encap_anno") == [_encap(b, 41, one, d99, tc=184) for b in IP6S]
    # the inner encapsulation sets DST_IP6 to its DST; the outer one copies it
    assert r.frames("encap2") == [
        _encap(_encap(b, 4, one, two, hlim=7), 41, three, two) for b in IP6S]
    h = r.handlers
    assert (h["d.dscp"], h["d2.dscp"]) == ("46", "63")
    assert (h["e.src"], h["e.dst"], h["e2.dst"]) == ("2001:db8::1", "DST_ANNO", "2001:db8::2")
    assert (h["e3.src"], h["e3.dst"]) == ("2001:db8::77", "DST_ANNO")
    assert h["q.drops"] == "0"
    assert "DiscardNoFree" not in str(r.drops)


def test_ip6encap_configure_errors(tmp_path: Path) -> None:
    config = ("Idle -> IP6Encap(300, ::1, ::2) -> Discard;\n"
              "Idle -> IP6Encap(17, ::1, nowhere) -> Discard;\n")
    r = run(tmp_path, config, [], expect_ok=False)
    assert "bad IP protocol" in r.stderr
    assert "DST argument should be IP address or 'DST_ANNO'" in r.stderr
