"""Cross-thread buffer recycling (runtime/packet.c, return rings; issue 23): the harness
tests/smp/c/test_return.c, built with clang and gcc under -Wall -Wextra -Werror, with clang
under AddressSanitizer + UBSan (leaks included) and, in the TSan job, under ThreadSanitizer."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.testlib import require_tsan

pytestmark = pytest.mark.serial  # threads hand buffers back and forth (both CPUs)

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "runtime"
HARNESS = Path(__file__).parent / "c" / "test_return.c"
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer",
            "-fno-sanitize-recover=undefined"]
TSAN = ["-O1", "-g", "-fsanitize=thread", "-fno-omit-frame-pointer"]


def _build(tmp: Path, cc: str, extra: list[str]) -> Path:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    out = tmp / "test_return"
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", *extra,
           f"-I{RUNTIME}", str(HARNESS), *sorted(str(p) for p in RUNTIME.glob("*.c")),
           "-lpcap", "-lm", "-pthread", "-lnuma", "-o", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.mark.parametrize("cc,extra", [("clang", ["-O2"]), ("gcc", ["-O2"]),
                                      ("clang", ["-O1", "-g", *SANITIZE])],
                         ids=["clang", "gcc", "clang-asan-ubsan"])
def test_freed_packets_return_home(tmp_path: Path, cc: str, extra: list[str]) -> None:
    prog = _build(tmp_path, cc, extra)
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ") and "check failed" not in r.stderr


def test_freed_packets_return_home_tsan(tmp_path: Path) -> None:
    require_tsan(tmp_path)
    prog = _build(tmp_path, "clang", TSAN)
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=600,
                       env={**os.environ, "TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ")
