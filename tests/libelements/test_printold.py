"""PrintOld (issue 19; Click's elements/userlevel/printold.cc).  No Click oracle exists: Click's
build leaves PrintOld out (its source requires 'false' and does not compile), so these tests
check its lines directly: packets older than AGE get the age line and the hex line (MAXLENGTH
bytes, all when negative), fresh packets pass silently, a packet without a timestamp says so,
and every packet passes unchanged."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.libelements.harness import run

CONFIG = """
FromDump($IN, STOP true) -> a :: PrintOld(old, 1000, 6) -> b :: PrintOld(ALL, 0, -1)
  -> SetTimestamp -> n :: PrintOld(new) -> c :: Counter -> ToDump($OUT/out.pcap);
"""
FRAMES = [bytes(range(1, 11)), bytes(range(20, 28)), bytes([7]) * 30]
STAMPS = [(1000, 250000), (1700000000, 999999), (0, 500)]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_lines(tmp_path: Path, sanitized: bool) -> None:
    before = time.time()
    r = run(tmp_path, CONFIG, FRAMES, ["c.count"], stamps=STAMPS, sanitized=sanitized)
    after = time.time()
    assert r.handlers["c.count"] == "3"
    assert r.frames("out") == FRAMES
    lines = r.stderr.splitlines()
    age = re.compile(r"^(\w) Now-FromDevice age is (\d+) \(FromDevice time: (\S+)  dsec (\d+)"
                     r"  dusec (-?\d+)\)$")
    expected_hex = [("old", "01020304 0506"), ("ALL", "01020304 05060708 090a"),
                    ("old", "14151617 1819"), ("ALL", "14151617 18191a1b ")]
    stamps = ["1000.250000", "1000.250000", "1700000000.999999", "1700000000.999999"]
    names = ["a", "b", "a", "b"]
    for i in range(4):
        m = age.match(lines[2 * i])
        assert m, lines[2 * i]
        assert m.group(1) == names[i] and m.group(3) == stamps[i]
        ms = int(m.group(2))
        sec = int(stamps[i].split(".")[0]) + int(stamps[i].split(".")[1]) / 1e6
        assert (before - sec) * 1000 - 1000 <= ms <= (after - sec) * 1000 + 1000
        assert ms == int(m.group(4)) * 1000 + int(int(m.group(5)) / 1000)
        label, hexes = expected_hex[i]
        length = len(FRAMES[i // 2])
        assert lines[2 * i + 1] == f"{label}({ms:5d} msecs) {length:4d} | {hexes}"
    # the third packet's timestamp has no seconds: each PrintOld before SetTimestamp says so
    assert lines[8:] == ["a: packet timestamp not set", "b: packet timestamp not set"]
