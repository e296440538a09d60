"""LookupIPRouteMP (issue 19): longest-prefix lookups with gateways, the "no gw" message for an
unrouted packet, and Click's configuration messages (Click's elements/ip/lookupiproutemp.cc)."""

from __future__ import annotations

import struct
from pathlib import Path

from tests.pktlib import cksum

from .harness import DST, SRC, run


def _ip(dst: tuple[int, int, int, int]) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 20, 1, 0, 64, 17, 0, bytes([10, 0, 0, 1]),
                    bytes(dst))
    return DST + SRC + b"\x08\x00" + h[:10] + struct.pack("!H", cksum(h)) + h[12:]


CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> GetIPAddress(16)
  -> r :: LookupIPRouteMP(10.0.0.0/8 1, 10.1.0.0/16 2.2.2.2 0, 10.1.2.3 1);
r[0] -> StoreIPAddress(16) -> ToDump($OUT/o0.pcap, ENCAP IP);
r[1] -> StoreIPAddress(16) -> ToDump($OUT/o1.pcap, ENCAP IP);
"""


def test_lookupiproutemp(tmp_path: Path) -> None:
    dsts = [(10, 9, 9, 9), (10, 1, 9, 9), (10, 1, 2, 3), (9, 8, 7, 6)]
    r = run(tmp_path, CONFIG, [_ip(d) for d in dsts])
    o0 = [f[16:20] for f in r.frames("o0")]
    o1 = [f[16:20] for f in r.frames("o1")]
    assert o0 == [bytes([2, 2, 2, 2])]
    assert o1 == [bytes([10, 9, 9, 9]), bytes([10, 1, 2, 3])]
    assert "LookupIPRouteMP: no gw for 6070809\n" in r.stderr
    assert r.drops["r"] == {"no route": 1}


def test_lookupiproutemp_messages(tmp_path: Path) -> None:
    r = run(tmp_path, "Idle -> a :: LookupIPRouteMP(10/8 x 1, 1.2.3.4) -> Discard;\n"
            "Idle -> b :: LookupIPRouteMP(10/8 3) -> Discard;\n"
            "Idle -> c :: LookupIPRouteMP() -> Discard;\n", [], expect_ok=False)
    assert "argument 1 should be `DADDR/MASK [GATEWAY] OUTPUT'" in r.stderr
    assert "argument 2 should be `DADDR/MASK [GATEWAY] OUTPUT'" in r.stderr
    assert "need 4 or more output ports" in r.stderr
    assert "warning: no routes" in r.stderr
