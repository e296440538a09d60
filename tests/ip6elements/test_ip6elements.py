"""The IPv6 elements against Click, packet for packet (CheckIP6Header, GetIP6Address,
LookupIP6Route with its handlers, DecIP6HLIM, ICMP6Error, IP6NDAdvertiser, IP6NDSolicitor).

Each case (cases.CASES) is one of our configurations in configs/ run on real captures with
IPv6 traffic from ../shared/pcaps and on crafted6.pcap (crafted.py); expected/NAME/STEM.json
holds what Click's userlevel driver (built with --enable-ip6) produced: handler values,
standard error (digest) and the digest of every output capture; the command is in the file
(record.py made them).  The compiled router must reproduce all of them, once built normally
and once under AddressSanitizer and UndefinedBehaviorSanitizer (truncated packets must never
be read out of bounds).
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
    input_path,
    lines_digest,
    pcap_digest,
    stderr_lines,
)

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-omit-frame-pointer",
            "--cflags=-fno-sanitize-recover=undefined", "--ldflags=-fsanitize=address,undefined"]


def _runs() -> list[Any]:
    out = []
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            if (EXPECTED / name / (pcap[:-5] + ".json")).exists():
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


def test_every_case_recorded() -> None:
    """Every case and input has an expected file (a missing one would skip silently)."""
    for name, (_, inputs) in CASES.items():
        for pcap in inputs:
            assert (EXPECTED / name / (pcap[:-5] + ".json")).exists(), (name, pcap)


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
    files = {f.name: pcap_digest(f) for f in sorted(out.iterdir())}
    assert files == exp["files"]
