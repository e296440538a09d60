"""TCPBuffer and TCPDemux against Click on real captures (cases.CASES, expected outputs
recorded by record.py from Click's userlevel driver, the command in each file), built
normally and under AddressSanitizer/UndefinedBehaviorSanitizer; and the refusal of the TCP
classes clickc does not compile."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import CASES, CONFIGS, EXPECTED, PCAPS, lines_digest, pcap_digest, stderr_lines

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _runs() -> list[Any]:
    return [pytest.param(name, pcap, id=f"{name}-{pcap[:-5]}")
            for name, (_, inputs) in CASES.items() for pcap in inputs]


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", _runs())
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Handler values, standard error and output captures equal Click's."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    exp = json.loads((EXPECTED / name / (pcap[:-5] + ".json")).read_text())
    out = tmp_path / "out"
    out.mkdir()
    handlers, _ = CASES[name]
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", *(SANITIZE if sanitize else []),
           str(CONFIGS / f"{name}.click"), f"IN={PCAPS / pcap}", f"OUT={out}"]
    for h in handlers:
        cmd += ["-h", h]
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path)
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    err = stderr_lines(p.stderr)
    assert (len(err), lines_digest(err)) == (exp["stderr_lines"], exp["stderr_sha256"]), \
        (err[:10], exp["stderr_head"])
    assert {f.name: pcap_digest(f) for f in sorted(out.iterdir())} == exp["files"]


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
