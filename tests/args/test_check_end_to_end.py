"""``clickc check`` reports configuration-argument errors exactly as Click does."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CONFIG = """AddressInfo(n0 1.0.0.1/8 00:11:22:33:44:55, bad);
Idle -> q :: Queue(1, 2, FOO 3) -> Discard;
Idle -> e :: EtherEncap(0x0800, n0, nothere) -> Discard;
Idle -> s::Strip() -> Discard;
Idle -> EtherEncap(0x0800, n0:eth, 0-1-2-3-4-5) -> Queue(CAPACITY 0x10) -> Discard;
"""

# $CLICK_PREFIX/bin/click -q t.click   (standard error)
EXPECTED = """t.click:1: While configuring 'AddressInfo@1 :: AddressInfo':
  expected 'NAME [ADDRS]'
t.click:2: While configuring 'q :: Queue':
  FOO: unknown argument
  too many arguments
t.click:3: While configuring 'e :: EtherEncap':
  DST: parse error
t.click:4: While configuring 's :: Strip':
  LENGTH: required argument missing
Router could not be initialized!
"""


def test_check_reports_like_click(tmp_path: Path) -> None:
    (tmp_path / "t.click").write_text(CONFIG)
    r = subprocess.run([sys.executable, "-m", "clickc", "check", "t.click"], cwd=tmp_path,
                       capture_output=True, text=True)
    assert r.returncode == 1
    assert r.stderr == EXPECTED
    assert "Traceback" not in r.stderr + r.stdout


# Counter's COUNT_CALL and BYTE_COUNT_CALL start with a count (Click's tests/standard/perf-01
# run without NUMPKTS); $CLICK_PREFIX/bin/click -q t.click (standard error, exit status 1)
COUNTER_CONFIG = """Idle -> a :: Counter(COUNT_CALL $NUMPKTS stop) -> Discard;
Idle -> b :: Counter(BYTE_COUNT_CALL xx b.reset) -> Discard;
Idle -> c :: Counter(COUNT_CALL 0x10 c.reset, BYTE_COUNT_CALL +5 c.reset) -> Discard;
"""
COUNTER_EXPECTED = """t.click:1: While configuring 'a :: Counter':
  COUNT_CALL type mismatch
t.click:2: While configuring 'b :: Counter':
  BYTE_COUNT_CALL type mismatch
Router could not be initialized!
"""


def test_counter_call_counts_checked_like_click(tmp_path: Path) -> None:
    (tmp_path / "t.click").write_text(COUNTER_CONFIG)
    r = subprocess.run([sys.executable, "-m", "clickc", "check", "t.click"], cwd=tmp_path,
                       capture_output=True, text=True)
    assert (r.returncode, r.stderr) == (1, COUNTER_EXPECTED)
