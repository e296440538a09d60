"""Runs the pass goldens in tests/passes/lit (lit + filecheck) so CI runs them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).parent / "lit"


def test_lit_goldens() -> None:
    lit = shutil.which("lit")
    if lit is None or shutil.which("clickc") is None or shutil.which("filecheck") is None:
        pytest.fail("lit, clickc and filecheck must be installed (pip install -e '.[test]')")
    r = subprocess.run([sys.executable, lit, "-q", "-j", "2", str(LIT_DIR)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
