"""The NAT elements against Click on real captures.

Each case (cases.CASES) is one of our configurations in configs/ run on captures from
../shared/pcaps; expected/NAME/STEM/ holds what Click's userlevel driver produced (record.py;
the command is in command.txt): standard output (handler values, Script output), standard error
and the digest of every output file.  The compiled router must reproduce them exactly: the
rewritten packets both ways, the mapping tables in Click's order, the counts, and the
mappings' disappearance after their timeouts (the timeouts case)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import CASES, CONFIGS, EXPECTED, PCAPS, digests, stem

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]
#: the cases also run under the sanitizers (their captures include fuzzed and truncated ones)
SANITIZED = {"mirror", "classes", "icmperr", "ping"}


def _runs() -> list[Any]:
    out = []
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            if (EXPECTED / name / stem(pcap)).is_dir():
                out.append(pytest.param(name, pcap, False, id=f"{name}-{stem(pcap)}"))
                if name in SANITIZED:
                    out.append(pytest.param(name, pcap, True, id=f"{name}-{stem(pcap)}-asan"))
    return out


def test_every_case_recorded() -> None:
    """Every case and capture has a recorded run."""
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            assert (EXPECTED / name / stem(pcap) / "stdout.txt").is_file(), (name, pcap)


@pytest.mark.parametrize("name,pcap,sanitize", _runs())
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Handler values, standard error and output files equal Click's."""
    if not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    exp = EXPECTED / name / stem(pcap)
    out = tmp_path / "out"
    out.mkdir()
    handlers, _ = CASES[name]
    capture, *params = pcap.split()
    cmd = [sys.executable, "-m", "clickc", "run", "-O1", *(SANITIZE if sanitize else []),
           str(CONFIGS / f"{name}.click"), f"IN={PCAPS / capture}", *params]
    if name != "timeouts":
        cmd.append(f"OUT={out}")
    for h in handlers:
        cmd += ["-h", h]
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=900, cwd=tmp_path,
                       env=env, errors="surrogateescape")
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout == (exp / "stdout.txt").read_text()
    assert p.stderr == (exp / "stderr.txt").read_text()
    assert digests(out) == (exp / "outputs.sha256").read_text()
