"""TCPBuffer and TCPDemux against Click on real captures, FTPPortMapper with TCPRewriter and
IPRewriter on a crafted FTP session (cases.CASES, expected outputs recorded by
tests/elemharness.py from Click's userlevel driver, the command in each file), built normally
and under AddressSanitizer/UndefinedBehaviorSanitizer; FTPPortMapper's configuration errors and
warning as Click's; and the refusal of the TCP classes clickc does not compile."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests import elemharness
from tests.testlib import require_tsan

from . import cases

test_every_case_recorded = elemharness.every_case_recorded_test(cases)
test_against_click = elemharness.against_click_test(cases)


_TWO_IN_THREE_OUT = "Idle -> [1]x; x[1] -> Discard; x[2] -> Discard;"


@pytest.mark.parametrize("decl,rest", [
    ("TCPConn", _TWO_IN_THREE_OUT), ("TCPAck", _TWO_IN_THREE_OUT), ("ToyTCP(80)", ""),
    ("WebGen(10.0.0.0/8, 10.1.0.1, 1)", "")])
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


_RW = "rw :: TCPRewriter(pattern 1.0.0.1 - - - 0 0)"


@pytest.mark.parametrize("config,status,expected", [
    # the messages and statuses of Click's userlevel driver (click -q)
    ("Idle -> f :: FTPPortMapper(u, u, 0) -> u :: UDPRewriter(pattern 1.0.0.1 - - - 0 0) "
     "-> Discard;", 1,
     "r.click:1: While configuring 'f :: FTPPortMapper':\n"
     "  CONTROL_REWRITER: element type mismatch, expected TCPRewriter\n"),
    (f"Idle -> f :: FTPPortMapper(rw, c, 0) -> {_RW} -> c :: Counter -> Discard;", 1,
     "r.click:1: While configuring 'f :: FTPPortMapper':\n"
     "  DATA_REWRITER: element type mismatch, expected IPRewriterBase\n"),
    (f"Idle -> f :: FTPPortMapper(rw, rw, 1) -> {_RW} -> Discard;", 1,
     "r.click:1: While configuring 'f :: FTPPortMapper':\n"
     "  DATA_REWRITER_INPUT out of range\n"),
    (f"Idle -> f :: FTPPortMapper(rw, nosuch, 0) -> {_RW} -> Discard;", 1,
     "r.click:1: While configuring 'f :: FTPPortMapper':\n"
     "  DATA_REWRITER: does not name an element\n"),
    ("Idle -> f :: FTPPortMapper(rw, rw, 0) -> Discard; "
     "Idle -> rw :: IPRewriter(pattern 1.0.0.1 - - - 0 0) -> Discard;", 0,
     "r.click:1: While initializing 'f :: FTPPortMapper':\n"
     "  warning: control packet rewriter 'rw :: IPRewriter' is not downstream\n"),
])
def test_ftpportmapper_configuration(config: str, status: int, expected: str,
                                     tmp_path: Path) -> None:
    """FTPPortMapper's argument errors (Click's ElementCastArg messages, the input range) and
    its initialization warning when the control rewriter is not downstream, as Click's."""
    cfg = tmp_path / "r.click"
    cfg.write_text(config + "\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "r.click"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == status, p.stderr
    assert p.stderr.startswith(expected), p.stderr


def test_ftpportmapper_on_two_threads_under_tsan(tmp_path: Path) -> None:
    """The FTP case at -j 2 under ThreadSanitizer (FTPPortMapper and the rewriters take the
    rewriter table lock): Click's recorded handler values and output, and no report."""
    require_tsan(tmp_path)
    out = tmp_path / "out"
    out.mkdir()
    p = elemharness.run_clickc(cases, "ftpportmapper", cases.CRAFTED, out,
                               ["-j", "2", "--cc", "clang", "-O1",
                                "--cflags=-fsanitize=thread -g", "--ldflags=-fsanitize=thread"])
    assert p.returncode == 0, p.stderr[-3000:]
    assert "ThreadSanitizer" not in p.stderr
    rec = json.loads((cases.EXPECTED / "ftpportmapper" / "ftp.json").read_text())
    assert p.stdout == rec["stdout"]
    assert {f.name: cases.digest(f) for f in out.iterdir()} == rec["files"]


def test_tohostsniffers_is_refused(tmp_path: Path) -> None:
    """A Linux-kernel-only class: Click's userlevel driver does not know it."""
    cfg = tmp_path / "r.click"
    cfg.write_text("Idle -> s :: ToHostSniffers;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 1
    assert "r.click:1: element class 'ToHostSniffers' exists only in Click's Linux kernel " \
        "driver (linuxmodule)" in p.stderr
