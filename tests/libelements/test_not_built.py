"""Userlevel classes that need something this project cannot have are refused with the reason,
at the element's line (KernelHandlerProxy: clickc.elements.refuse.cannot_work_here), and so is
FromFlanDump, which Click's build leaves out and whose source is unfinished
(clickc.elements.refuse.not_built_by_click).  The other classes Click's build leaves out
(ELEMENT_REQUIRES(... false): PI, PrintOld, SnoopTCP, StatelessTCPResponder), once refused here
too, are built by clickc (issue 19): their tests are tests/libelements/test_pi.py,
test_printold.py and tests/tcpelements/test_snooptcp.py, test_statelesstcpresponder.py."""

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


def test_refused(tmp_path: Path) -> None:
    cls, p = _check(tmp_path, "p :: FromFlanDump(dir) -> Discard;")
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
