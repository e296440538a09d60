"""The IPv4 helpers of elements/ip/ckip.h, compiled and run under AddressSanitizer and
UndefinedBehaviorSanitizer (c/test_ckip.c states what is checked)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("cc", ["clang", "gcc"])
def test_ckip(cc: str, tmp_path: Path) -> None:
    """Checksums equal RFC 1071's; incremental TTL updates equal recomputation."""
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not available")
    prog = tmp_path / "t"
    subprocess.run([cc, "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror",
                    "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined",
                    f"-I{ROOT / 'runtime'}", f"-I{ROOT / 'elements'}",
                    str(Path(__file__).parent / "c" / "test_ckip.c"), "-o", str(prog)],
                   check=True)
    r = subprocess.run([str(prog)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and r.stdout == "ok\n", r.stdout + r.stderr
