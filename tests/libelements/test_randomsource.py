"""RandomSource (issue 19): with RandomSeed its packets are the C library's random() numbers
that Click's click_random() draws, 4 bytes at a time in host byte order (the last draw cut to
the bytes left); LIMIT, BURST and the handlers behave as InfiniteSource's."""

from __future__ import annotations

import ctypes
import ctypes.util
import struct
import sys
from pathlib import Path

import pytest

from .harness import run

CONFIG = """
define($IN in.pcap, $OUT .);
RandomSeed(42);
rs :: RandomSource(10, 5, BURST 2, STOP true) -> ToDump($OUT/random.pcap);
"""


def _expected(n: int, length: int, seed: int) -> list[bytes]:
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.random.restype = ctypes.c_long
    libc.srandom(seed)
    out = []
    for _ in range(n):
        b = b"".join(struct.pack("=i", libc.random()) for _ in range((length + 3) // 4))
        out.append(b[:length])
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's random()")
@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_random_source(tmp_path: Path, sanitized: bool) -> None:
    """Five 10-byte packets of seeded random data, then the router stops."""
    r = run(tmp_path, CONFIG, [], ["rs.count", "rs.length", "rs.limit", "rs.burst", "rs.active"],
            sanitized=sanitized)
    assert r.frames("random") == _expected(5, 10, 42)
    h = r.handlers
    assert (h["rs.count"], h["rs.length"], h["rs.limit"], h["rs.burst"], h["rs.active"]) == \
        ("5", "10", "5", "2", "true")
