"""RangeIPLookup and SortedIPLookup (issue 19): their `table` order, route changes through the
write handlers, lookups on packets and what happens without a route.

Expectations follow Click's elements/ip/rangeiplookup.cc and sortediplookup.cc, worked out by
hand here: RangeIPLookup lists its routes from the DirectIPLookup table it keeps (so its table
equals a DirectIPLookup's given the same routes) and drops an unrouted packet silently;
SortedIPLookup re-sorts LinearIPLookup's vector after every change so that a route precedes the
routes containing it (the breadth-first order of SortedIPLookup::sort_table), warns that it is
deprecated, and prints "no gw for HEX" for each unrouted packet.  The edits run from a
DriverManager once FromDump's STOP asked the router to stop (a Script's first step would not
run in Click: the stop request comes first, tests/runtime/test_script_stop_order.py); real
Click gives these tables for this configuration."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from tests.pktlib import cksum

from .harness import DST, SRC, run

ROUTES = "0/0 1.1.1.1 0, 10/8 1, 10.1/16 0, 11/8 1, 10.1.2.3/32 2.2.2.2 1"

CONFIG = f"""
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> Strip(14) -> GetIPAddress(16) -> t :: Tee(3);
t[0] -> s :: SortedIPLookup({ROUTES});
s[0] -> StoreIPAddress(16) -> ToDump($OUT/s0.pcap, ENCAP IP);
s[1] -> StoreIPAddress(16) -> ToDump($OUT/s1.pcap, ENCAP IP);
t[1] -> r :: RangeIPLookup({ROUTES});
r[0] -> StoreIPAddress(16) -> ToDump($OUT/r0.pcap, ENCAP IP);
r[1] -> StoreIPAddress(16) -> ToDump($OUT/r1.pcap, ENCAP IP);
t[2] -> rt :: Tee(2);
rt[0] -> sn :: SortedIPLookup(10/8 0) -> Discard;
rt[1] -> rn :: RangeIPLookup(10/8 0) -> Discard;
s2 :: SortedIPLookup({ROUTES}) -> Discard; s2[1] -> Discard; Idle -> s2;
d :: DirectIPLookup({ROUTES}) -> Discard; d[1] -> Discard; Idle -> d;
r2 :: RangeIPLookup({ROUTES}) -> Discard; r2[1] -> Discard; Idle -> r2;
DriverManager(wait_stop,
       write s2.remove 11/8, write s2.add 12/8 0, write s2.set 10/8 3.3.3.3 0,
       write r2.remove 11/8, write r2.add 12/8 0, write r2.flush, write r2.add 13/8 1,
       read s.lookup 10.1.2.3, read r.lookup 9.9.9.9, stop);
"""

HANDLERS = ["s.table", "r.table", "d.table", "s2.table", "r2.table"]


def _row(prefix: str, gw: str, port: int) -> str:
    """One line of Click's `table` handler (IPRoute::unparse with tabs)."""
    a = prefix + "\t" + ("\t" if len(prefix) + 1 < 17 else "")
    b = gw + "\t" + ("\t" if len(gw) + 1 < 9 else "")
    return a + b + str(port)


def _ip(dst: tuple[int, int, int, int]) -> bytes:
    h = struct.pack("!BBHHHBBH4s4s", 0x45, 0, 28, 1, 0, 64, 17, 0, bytes([10, 0, 0, 1]),
                    bytes(dst))
    h = h[:10] + struct.pack("!H", cksum(h)) + h[12:]
    return h + struct.pack("!HHHH", 1, 2, 8, 0)


#: destination -> (output, destination after the lookup)
CASES = [
    ((10, 1, 2, 3), 1, (2, 2, 2, 2)),
    ((10, 1, 9, 9), 0, (10, 1, 9, 9)),
    ((10, 9, 9, 9), 1, (10, 9, 9, 9)),
    ((11, 1, 1, 1), 1, (11, 1, 1, 1)),
    ((9, 8, 7, 6), 0, (1, 1, 1, 1)),
]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_range_and_sorted(tmp_path: Path, sanitized: bool) -> None:
    frames = [DST + SRC + b"\x08\x00" + _ip(d) for d, _, _ in CASES]
    r = run(tmp_path, CONFIG, frames, HANDLERS, sanitized=sanitized)
    for cls in ("s", "r"):
        for port in (0, 1):
            exp = []
            for d, out, after in CASES:
                if out == port:
                    b = _ip(d)
                    exp.append(b[:16] + bytes(after) + b[20:])
            assert r.frames(f"{cls}{port}") == exp, (cls, port)
    # SortedIPLookup::sort_table after each of the five adds of configure
    assert r.handlers["s.table"] == "\n".join([
        _row("11.0.0.0/8", "-", 1), _row("10.1.2.3/32", "2.2.2.2", 1),
        _row("10.1.0.0/16", "-", 0), _row("10.0.0.0/8", "-", 1),
        _row("0.0.0.0/0", "1.1.1.1", 0)])
    # remove 11/8, add 12/8 (appended, then sorted before 0/0), set 10/8 (in place)
    assert r.handlers["s2.table"] == "\n".join([
        _row("10.1.2.3/32", "2.2.2.2", 1), _row("10.1.0.0/16", "-", 0),
        _row("10.0.0.0/8", "3.3.3.3", 0), _row("12.0.0.0/8", "-", 0),
        _row("0.0.0.0/0", "1.1.1.1", 0)])
    assert r.handlers["r.table"] == r.handlers["d.table"]
    assert sorted(r.handlers["r.table"].splitlines()) == sorted(
        r.handlers["s.table"].splitlines())
    assert r.handlers["r2.table"] == _row("13.0.0.0/8", "-", 1)
    assert "1 2.2.2.2" in r.stderr
    assert "0 1.1.1.1" in r.stderr
    # unrouted packets: SortedIPLookup names each (network byte order as a number), Range
    # drops them silently
    assert "SortedIPLookup is deprecated; use LinearIPLookup or RadixIPLookup instead" \
        in r.stderr
    assert r.stderr.count("SortedIPLookup: no gw for ") == 2
    assert "SortedIPLookup: no gw for 6070809\n" in r.stderr
    assert "no route" not in r.stderr
    assert r.drops["sn"] == {"no route": 2}
    assert r.drops["rn"] == {"no route": 2}
