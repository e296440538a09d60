"""When timers run while tasks work, as Click's userlevel driver orders them
(runtime/sched.c: CK_TASKS_PER_ITER, the timer stride).  Each configuration is ours and is
quoted in its test with what `$CLICK_PREFIX/bin/click FILE -h ct.count` printed for it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CONFIG = """s :: InfiniteSource(LIMIT {limit}, {burst}STOP true) -> p :: Paint(3)
  -> t :: PaintTee(3) -> c :: CheckPaint(4) -> Discard;
t[1] -> ct :: Counter -> Discard; c[1] -> cc :: Counter -> Discard;
Script(write p.color 4, write t.color 9)
"""

# (LIMIT, BURST, Click's ct.count): PaintTee copies a packet only while the Script has not yet
# repainted, so ct.count is the number of packets the source pushed before the Script ran.
CASES = [
    (10, None, 10),      # the source finishes and stops the router before the first timer
    (10000, None, 4128),  # 32 iterations of 129 task calls, then the timers
    (5000, 7, 5000),     # 715 calls: done before the 32nd iteration
]


@pytest.mark.skipif(shutil.which("clickc") is None, reason="needs the clickc command")
@pytest.mark.parametrize("limit,burst,expected", CASES)
def test_initial_script_runs_when_clicks_driver_runs_it(tmp_path: Path, limit: int,
                                                          burst: int | None,
                                                          expected: int) -> None:
    cfg = tmp_path / "order.click"
    cfg.write_text(CONFIG.format(limit=limit, burst=f"BURST {burst}, " if burst else ""))
    r = subprocess.run(["clickc", "run", str(cfg), "-h", "ct.count"], capture_output=True,
                       text=True, timeout=900, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == str(expected)
