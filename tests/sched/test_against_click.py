"""The pull schedulers and queue variants against Click: each case of cases.CASES, compiled
by clickc and run, must reproduce what Click's userlevel driver did (expected/NAME/STEM.json,
recorded by record.py with the command kept in the file): exit status, standard output
(handler values, DriverManager prints), standard error (overflow messages, Print lines) and
every output capture byte for byte; once built normally and once under AddressSanitizer and
UndefinedBehaviorSanitizer."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from .cases import CASES, EXPECTED, GENERATED, PCAPS, command, file_digest

SANITIZE = ["--cflags=-fsanitize=address,undefined", "--cflags=-fno-sanitize-recover=undefined",
            "--ldflags=-fsanitize=address,undefined"]


def _runs() -> list[Any]:
    return [pytest.param(name, pcap, id=f"{name}-{pcap.removesuffix('.pcap')}")
            for name, (_, inputs) in CASES.items() for pcap in inputs]


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", _runs())
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    import shutil
    import subprocess

    if pcap != GENERATED and not PCAPS.is_dir():
        pytest.skip("../shared/pcaps not available")
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    exp = json.loads((EXPECTED / name / (pcap.removesuffix(".pcap") + ".json")).read_text())
    out = tmp_path / "out"
    out.mkdir()
    driver = f"{sys.executable} -m clickc run -O1 " + (" ".join(SANITIZE) if sanitize else "")
    cmd = command(driver, name, pcap, str(out))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, cwd=out)
    assert p.returncode == exp["status"], p.stderr[-3000:]
    assert p.stdout == exp["stdout"]
    assert p.stderr == exp["stderr"]
    files = {f.name: file_digest(f) for f in sorted(out.iterdir())}
    assert files == exp["files"]
