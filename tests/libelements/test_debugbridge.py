"""DebugBridge (issue 19; Click's elements/etherswitch/debugbridge.cc and bridgemessage.cc):
one line per packet in Click's form of a bridge protocol message (configuration message,
topology change notification), packets passed unchanged, short packets passed without a line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.testlib import SANITIZE, run_config

CFG = ("0180c2000000 020000000001 0026 4242 03 0000 00 00 81 8000000000000001 00000004"
       " 8000020000000001 8002 0100 1400 0200 0f00 0000000000000000")
CONFIG = f"""
InfiniteSource(DATA \\<{CFG}>, LIMIT 1, STOP false) -> d :: DebugBridge(br0)
  -> c :: Counter -> Discard;
InfiniteSource(DATA \\<0180c2000000 020000000001 0007 4242 03 0000 00 80>, LIMIT 1, STOP false)
  -> d2 :: DebugBridge("x y") -> c2 :: Counter -> Discard;
InfiniteSource(DATA \\<0180c2000000 020000000001 0007 4242 03 0000 00 00>, LIMIT 1, STOP false)
  -> d3 :: DebugBridge(short) -> c3 :: Counter -> Discard;
InfiniteSource(DATA \\<{CFG.replace(" 00 00 81 ", " 00 07 00 ")}>, LIMIT 1, STOP false)
  -> d4 :: DebugBridge(odd) -> c4 :: Counter -> Discard;
DriverManager(wait 0.2s);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_lines(tmp_path: Path, sanitized: bool) -> None:
    p = run_config(tmp_path, CONFIG, *(SANITIZE if sanitized else []),
                   "-h", "c.count", "-h", "c2.count", "-h", "c3.count", "-h", "c4.count")
    assert p.returncode == 0, p.stderr
    assert p.stdout.split() == ["c.count:", "1", "c2.count:", "1", "c3.count:", "1",
                                "c4.count:", "1"]
    lines = sorted(p.stderr.splitlines())
    assert lines == sorted([
        "br0 CFG 8000020000000001:8002: TCA TC  00000004 -> 8000000000000001"
        "  a/m/h/d: 100/1400/200/f00",
        "x y TCM",
        "odd ??? 8000020000000001:8002: tca tc  00000004 -> 8000000000000001"
        "  a/m/h/d: 100/1400/200/f00",
    ])
