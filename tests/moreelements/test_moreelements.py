"""The new element classes against Click, packet for packet, on real and crafted captures.

Each case (cases.CASES) is one of our configurations in configs/ run on real captures from
../shared/pcaps; expected/NAME/STEM.json holds what Click's userlevel driver produced (the
command is in the file; record.py made them): handler values, standard error (digest) and the
digest of every output capture.  The compiled router must reproduce all of them, once built
normally and once under AddressSanitizer and UndefinedBehaviorSanitizer (malformed and
truncated packets must never be read out of bounds).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import (
    CASES,
    CONFIGS,
    CRAFTED,
    EXPECTED,
    PCAPS,
    file_digest,
    input_path,
    lines_digest,
    stderr_lines,
)

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _runs() -> list[Any]:
    out = []
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            exp = EXPECTED / name / (pcap[:-5] + ".json")
            if exp.exists():
                out.append(pytest.param(name, pcap, id=f"{name}-{pcap[:-5]}"))
    return out


def run_clickc(name: str, pcap: str, out: Path,
               extra: list[str]) -> subprocess.CompletedProcess[str]:
    """``clickc run configs/NAME.click IN=PCAP OUT=out -h ...`` with ``extra`` options."""
    handlers, _ = CASES[name]
    cmd = [sys.executable, "-m", "clickc", "run", *extra, str(CONFIGS / f"{name}.click"),
           f"IN={input_path(pcap, out.parent)}", f"OUT={out}"]
    for h in handlers:
        cmd += ["-h", h]
    env = dict(os.environ)
    env["ASAN_OPTIONS"] = "detect_leaks=1:halt_on_error=1:exitcode=99"
    env["UBSAN_OPTIONS"] = "halt_on_error=1:print_stacktrace=1:exitcode=98"
    return subprocess.run(cmd, capture_output=True, text=True, timeout=900, env=env,
                          cwd=out.parent)


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", _runs())
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Handler values, standard error and output captures equal Click's."""
    if pcap != CRAFTED and not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    exp = json.loads((EXPECTED / name / (pcap[:-5] + ".json")).read_text())
    out = tmp_path / "out"
    out.mkdir()
    p = run_clickc(name, pcap, out, ["-O1"] + (SANITIZE if sanitize else []))
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    err = stderr_lines(p.stderr)
    assert (len(err), lines_digest(err)) == (exp["stderr_lines"], exp["stderr_sha256"]), \
        (err[:10], exp["stderr_head"])
    files = {f.name: file_digest(f) for f in sorted(out.iterdir())}
    assert files == exp["files"]
