"""The packet pool: the inline fast paths the generated router uses (``CK_POOL_INLINE``,
runtime/clickc.h) and the out-of-line paths behind them (runtime/packet.c).

tests/runtime/c/test_pool.c checks that the pool is last in, first out (the header freed last,
with its buffer, is handed out next), that a new packet is fresh whichever path made it
(Click's Packet::make clears every annotation; the headroom is zeroed), that shared, marked
(cross-thread) and oversized buffers take the out-of-line paths correctly, and that overflow
to the depot and back keeps the accounting exact.  Built with clang and gcc under
``-Wall -Wextra -Werror`` and with clang under AddressSanitizer + UBSan (leaks included)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from .routers import SANITIZE

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "runtime"
HARNESS = Path(__file__).parent / "c" / "test_pool.c"


@pytest.mark.parametrize("cc,extra", [("clang", ["-O2"]), ("gcc", ["-O2"]),
                                      ("clang", ["-O1", "-g", *SANITIZE])],
                         ids=["clang", "gcc", "clang-asan-ubsan"])
def test_pool(tmp_path: Path, cc: str, extra: list[str]) -> None:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    out = tmp_path / "test_pool"
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", *extra,
           f"-I{RUNTIME}", str(HARNESS), *sorted(str(p) for p in RUNTIME.glob("*.c")),
           "-lpcap", "-lm", "-pthread", "-lnuma", "-o", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    r = subprocess.run([str(out)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ") and r.stderr == ""
