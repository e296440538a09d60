"""TCPBuffer and TCPDemux against Click on real captures (cases.CASES, expected outputs
recorded by tests/elemharness.py from Click's userlevel driver, the command in each file), built
normally and under AddressSanitizer/UndefinedBehaviorSanitizer; and the refusal of the TCP
classes clickc does not compile."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests import elemharness

from . import cases

test_every_case_recorded = elemharness.every_case_recorded_test(cases)
test_against_click = elemharness.against_click_test(cases)


_TWO_IN_THREE_OUT = "Idle -> [1]x; x[1] -> Discard; x[2] -> Discard;"


@pytest.mark.parametrize("decl,rest", [
    ("TCPConn", _TWO_IN_THREE_OUT), ("TCPAck", _TWO_IN_THREE_OUT), ("ToyTCP(80)", ""),
    ("WebGen(10.0.0.0/8, 10.1.0.1, 1)", ""),
    ("FTPPortMapper(rw, rw, 0)", "rw :: TCPRewriter(pass 0); Idle -> rw -> Discard;")])
def test_refused_tcp_classes(decl: str, rest: str, tmp_path: Path) -> None:
    """The TCP classes clickc does not compile: a located error naming what is missing."""
    cls = decl.split("(")[0]
    cfg = tmp_path / "r.click"
    cfg.write_text(f"Idle -> x :: {decl} -> Discard; {rest}\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert (f"r.click:1: element class '{cls}' is not compiled by clickc (element 'x'): "
            "it needs") in p.stderr, p.stderr
    assert "While configuring" not in p.stderr
    assert "Traceback" not in p.stderr


def test_tohostsniffers_is_refused(tmp_path: Path) -> None:
    """A Linux-kernel-only class: Click's userlevel driver does not know it."""
    cfg = tmp_path / "r.click"
    cfg.write_text("Idle -> s :: ToHostSniffers;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert "r.click:1: element class 'ToHostSniffers' exists only in Click's Linux kernel " \
        "driver (linuxmodule)" in p.stderr
