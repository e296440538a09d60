"""Userlevel classes of Click that need something this project cannot have (issue 19) are
refused at the element's line with the reason (clickc.elements.refuse.cannot_work_here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


@pytest.mark.parametrize(("decl", "reason"), [
    ("p :: KernelHandlerProxy(VERBOSE true); ControlSocket(TCP, 8800, PROXY p);",
     "/click file system"),
])
def test_refused(tmp_path: Path, decl: str, reason: str) -> None:
    cls = decl.split(":: ")[1].split("(")[0].split(";")[0].strip()
    cfg = tmp_path / "r.click"
    cfg.write_text(decl + "\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert f"r.click:1: element class '{cls}' is not compiled by clickc (element 'p')" in p.stderr
    assert reason in p.stderr
