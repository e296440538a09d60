"""PI (issue 19) is refused with the reason: Click's build leaves it out (ELEMENT_REQUIRES(int64
false) in Click's elements/aqm/pi.cc), so Click's userlevel driver does not know it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_pi_refused(tmp_path: Path) -> None:
    cfg = tmp_path / "pi.click"
    cfg.write_text("Idle -> p :: PI(0.1, 0.00001, 0.00001, 20) -> Queue -> Discard;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert "pi.click:1: element class 'PI' is not built by Click" in p.stderr
    assert "unknown element class 'PI'" in p.stderr
