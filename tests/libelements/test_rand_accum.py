"""SetRandIPAddress and TimestampAccum (issue 19).  SetRandIPAddress with RandomSeed draws what
Click's click_random() draws (the C library's random()): the prefix bits kept, the others
random in host byte order as Click mixes them; with LIMIT, LIMIT addresses drawn at
initialization and one of them per packet (Click's click_random(0, LIMIT - 1)).  TimestampAccum
sums now minus each packet's timestamp, in seconds (Click's String(double) format)."""

from __future__ import annotations

import ctypes
import ctypes.util
import struct
import sys
from pathlib import Path

import pytest

from .harness import run

CONFIG = """
define($OUT .);
RandomSeed(11);
InfiniteSource(LIMIT 6) -> SetRandIPAddress(10.1.0.0/16) -> StoreIPAddress(0)
  -> ToDump($OUT/each.pcap);
"""

CONFIG_LIMIT = """
define($OUT .);
RandomSeed(11);
InfiniteSource(LIMIT 6) -> SetRandIPAddress(192.168.0.0/24, 3) -> StoreIPAddress(0)
  -> ToDump($OUT/limit.pcap);
"""

CONFIG_ACCUM = """
InfiniteSource(LIMIT 5) -> SetTimestamp(1.5) -> a :: TimestampAccum -> Discard;
Idle -> z :: TimestampAccum -> Discard;
"""


def _libc(seed: int) -> ctypes.CDLL:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(seed)
    return libc


def _pick(libc: ctypes.CDLL, prefix: bytes, plen: int) -> bytes:
    mask = (0xFFFFFFFF << (32 - plen)) & 0xFFFFFFFF
    ip, m = struct.unpack("=I", prefix)[0], struct.unpack("=I", struct.pack("!I", mask))[0]
    return struct.pack("=I", (int(libc.random()) & ~m & 0xFFFFFFFF) | (ip & m))


def _range(libc: ctypes.CDLL, high: int) -> int:
    """Click's click_random(0, high) for 1 < high < RAND_MAX (lib/glue.cc: the draw divided
    by RAND_MAX+1 over the range size, draws past the last whole range redrawn)."""
    count = (0x7FFFFFFF + 1) // (high + 1)
    top = count * (high + 1)
    while True:
        x = int(libc.random())
        if x < top:
            return x // count


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")
def test_setrandipaddress(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [])
    libc = _libc(11)
    assert [f[:4] for f in r.frames("each")] == [
        _pick(libc, bytes([10, 1, 0, 0]), 16) for _ in range(6)]
    (tmp_path / "l").mkdir()
    r2 = run(tmp_path / "l", CONFIG_LIMIT, [])
    libc = _libc(11)
    addrs = [_pick(libc, bytes([192, 168, 0, 0]), 24) for _ in range(3)]
    assert [f[:4] for f in r2.frames("limit")] == [addrs[_range(libc, 2)] for _ in range(6)]


def test_timestampaccum(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG_ACCUM, [], ["a.count", "a.time", "a.average_time", "z.count",
                                         "z.average_time"])
    h = r.handlers
    assert h["a.count"] == "5"
    # packets stamped 1.5 s after the epoch: each adds about the current time
    assert float(h["a.time"]) > 5 * 1.6e9 and float(h["a.average_time"]) > 1.6e9
    assert h["z.count"] == "0" and h["z.average_time"] in ("-nan", "nan")
