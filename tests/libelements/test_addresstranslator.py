"""AddressTranslator (issue 19): dynamic address-and-port mapping (ports from Click's rover,
running out, the reverse direction), static address mapping for TCP and ICMPv6, and counted
drops for unmapped flows and other protocols (Click's elements/ip6/addresstranslator.cc)."""

from __future__ import annotations

import ipaddress
import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import run


def _a(s: str) -> bytes:
    return ipaddress.IPv6Address(s).packed


def _pkt(nxt: int, src: str, dst: str, seg: bytes, sumoff: int | None) -> bytes:
    if sumoff is not None:
        seg = seg[:sumoff] + b"\0\0" + seg[sumoff + 2:]
        pseudo = _a(src) + _a(dst) + struct.pack("!IxxxB", len(seg), nxt)
        seg = seg[:sumoff] + struct.pack("!H", cksum(pseudo + seg)) + seg[sumoff + 2:]
    return struct.pack("!IHBB", 0x60000000, len(seg), nxt, 64) + _a(src) + _a(dst) + seg


def _tcp(sport: int, dport: int) -> bytes:
    return struct.pack("!HHIIBBHHH", sport, dport, 1, 0, 0x50, 0x02, 512, 0, 0) + b"hi"


INNER, OUTER, MAPPED = "2001:db8::5", "2001:db8:ffff::9", "3ffe::100"

CONFIG = """
FromDump($IN, STOP true) -> c :: Classifier(8/20010db8000000000000000000000005, -);
at :: AddressTranslator(0, true, true, false, 3ffe::100 1000 1002);
c[0] -> [0]at[0] -> ToDump($OUT/out.pcap);
c[1] -> [1]at[1] -> ToDump($OUT/in.pcap);
"""


def test_dynamic_port_mapping(tmp_path: Path) -> None:
    frames = [_pkt(6, INNER, OUTER, _tcp(4000 + i, 80), 16) for i in range(4)]
    frames += [_pkt(6, INNER, OUTER, _tcp(4000, 80), 16),          # the first flow again
               _pkt(6, OUTER, MAPPED, _tcp(80, 1001), 16),          # answer to the second
               _pkt(6, OUTER, MAPPED, _tcp(80, 1005), 16),          # no such mapping
               _pkt(59, OUTER, MAPPED, b"", None)]                 # no next header
    r = run(tmp_path, CONFIG, frames, sanitized=True)
    assert r.frames("out") == [_pkt(6, MAPPED, OUTER, _tcp(p, 80), 16)
                               for p in (1000, 1001, 1002, 1000)]
    assert r.frames("in") == [_pkt(6, OUTER, INNER, _tcp(80, 4001), 16)]
    assert "AddressTranslator ran out of ports" in r.stderr
    assert "discard the packet, protocol unrecognized" in r.stderr
    assert r.drops["at"] == {"no mapping": 2, "protocol unrecognized": 1}


CONFIG_STATIC = """
FromDump($IN, STOP true) -> c :: Classifier(8/20010db8000000000000000000000001, -);
at :: AddressTranslator(1, false, 2001:db8::1 3ffe::1, false);
c[0] -> [0]at[0] -> ToDump($OUT/out.pcap);
c[1] -> [1]at[1] -> ToDump($OUT/in.pcap);
"""


def test_static_address_mapping(tmp_path: Path) -> None:
    echo = struct.pack("!BBHHH", 128, 0, 0, 1, 2) + b"ping"
    frames = [_pkt(6, "2001:db8::1", OUTER, _tcp(4000, 80), 16),
              _pkt(58, "2001:db8::1", OUTER, echo, 2),
              _pkt(6, OUTER, "3ffe::1", _tcp(80, 4000), 16),
              _pkt(6, OUTER, "3ffe::2", _tcp(80, 4000), 16)]
    r = run(tmp_path, CONFIG_STATIC, frames)
    assert r.frames("out") == [_pkt(6, "3ffe::1", OUTER, _tcp(4000, 80), 16),
                               _pkt(58, "3ffe::1", OUTER, echo, 2)]
    assert r.frames("in") == [_pkt(6, OUTER, "2001:db8::1", _tcp(80, 4000), 16)]
    assert r.drops["at"] == {"no mapping": 1}


def test_configuration_errors(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> [0]at :: AddressTranslator(x); Idle -> [1]at;"
                      " at[0] -> Discard; at[1] -> Discard;", [], expect_ok=False)
    assert "argument 0 should be : integer" in r.stderr
    assert "Traceback" not in r.stderr


CONFIG_DYNADDR = """
FromDump($IN, STOP true) -> c :: Classifier(8/20010db80000, -);
at :: AddressTranslator(0, true, false, false, 3ffe::7, 3ffe::8);
c[0] -> [0]at[0] -> ToDump($OUT/out.pcap);
c[1] -> [1]at[1] -> ToDump($OUT/in.pcap);
"""


def test_dynamic_address_mapping(tmp_path: Path) -> None:
    frames = [_pkt(17, f"2001:db8::{h}", OUTER, struct.pack("!HHHH", 5, 6, 10, 0) + b"xy", 6)
              for h in ("a", "b", "c", "a")]
    frames.append(_pkt(6, OUTER, "3ffe::8", _tcp(80, 4000), 16))
    r = run(tmp_path, CONFIG_DYNADDR, frames)
    udp = struct.pack("!HHHH", 5, 6, 10, 0) + b"xy"
    # each new inner address binds the next free mapped address; ports are kept
    assert r.frames("out") == [_pkt(17, m, OUTER, udp, 6)
                               for m in ("3ffe::7", "3ffe::8", "3ffe::7")]
    assert r.frames("in") == [_pkt(6, OUTER, "2001:db8::b", _tcp(80, 4000), 16)]
    assert r.drops["at"] == {"no mapping": 1}
