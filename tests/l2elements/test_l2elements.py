"""ARPResponder, ARPQuerier, HostEtherFilter, EtherRewrite, the switches, Suppressor, Align,
IPPrint and ToIPSummaryDump against Click on real captures.

Each case (cases.CASES) is one of our configurations in configs/ run on captures from
../shared/pcaps, several malformed or truncated; expected/NAME/STEM.json holds what Click's
userlevel driver produced (the command is in the file; record.py recorded them): exit status,
handler values, standard error (count and digest) and the digest of every output file.  The
compiled router must reproduce them, built normally and under AddressSanitizer and
UndefinedBehaviorSanitizer (no read outside a packet, no leak)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import CASES, CONFIGS, EXPECTED, PCAPS, digest, lines_digest, stderr_lines

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _runs() -> list[Any]:
    out = []
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            if (EXPECTED / name / (pcap[:-5] + ".json")).exists():
                out.append(pytest.param(name, pcap, id=f"{name}-{pcap[:-5]}"))
    return out


def test_every_case_recorded() -> None:
    """Every case has at least one recorded run (record.py skips time-dependent ones)."""
    for name, (_, inputs) in CASES.items():
        assert any((EXPECTED / name / (p[:-5] + ".json")).exists() for p in inputs), name


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", _runs())
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Exit status, handler values, standard error and output files equal Click's."""
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
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env, cwd=tmp_path,
                       errors="surrogateescape")
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    err = stderr_lines(p.stderr)
    assert (len(err), lines_digest(err)) == (exp["stderr_lines"], exp["stderr_sha256"]), \
        (err[:5], exp["stderr_head"])
    assert {f.name: digest(f) for f in sorted(out.iterdir())} == exp["files"]
