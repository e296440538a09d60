"""Classes Click's build leaves out (ELEMENT_REQUIRES(... false) in their sources: PI, PrintOld,
SnoopTCP, StatelessTCPResponder; issue 19; FromFlanDump too) are refused with the reason, at the
element's line: Click's userlevel driver does not know them.  So are userlevel classes that need
something this project cannot have (KernelHandlerProxy: clickc.elements.refuse.cannot_work_here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def _check(tmp_path: Path, decl: str) -> tuple[str, subprocess.CompletedProcess[str]]:
    """``clickc check`` of the one-line configuration ``decl``: the class of its ``p``, and the
    run, which must fail."""
    cls = decl.split(":: ")[1].split("(")[0].split(";")[0].strip()
    cfg = tmp_path / "r.click"
    cfg.write_text(decl + "\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    return cls, p


@pytest.mark.parametrize("decl", [
    "Idle -> p :: PI(0.1, 0.00001, 0.00001, 20) -> Queue -> Discard;",
    "Idle -> p :: PrintOld(x, 5) -> Discard;",
    "Idle -> p :: SnoopTCP; Idle -> [1]p; p[0] -> Discard; p[1] -> Discard;"
    " p[2] -> Discard; p[3] -> Discard;",
    "Idle -> p :: StatelessTCPResponder(abc) -> Discard;",
    "p :: FromFlanDump(dir) -> Discard;",
])
def test_refused(tmp_path: Path, decl: str) -> None:
    cls, p = _check(tmp_path, decl)
    assert f"r.click:1: element class '{cls}' is not built by Click" in p.stderr
    assert f"unknown element class '{cls}'" in p.stderr


@pytest.mark.parametrize(("decl", "reason"), [
    ("p :: KernelHandlerProxy(VERBOSE true); ControlSocket(TCP, 8800, PROXY p);",
     "/click file system"),
])
def test_cannot_work_here(tmp_path: Path, decl: str, reason: str) -> None:
    cls, p = _check(tmp_path, decl)
    assert f"r.click:1: element class '{cls}' is not compiled by clickc (element 'p')" in p.stderr
    assert reason in p.stderr
