"""RED's configuration and initialization errors, in Click's words and contexts.

Expected texts recorded from Click's userlevel driver:
    $CLICK_PREFIX/bin/click bad.click   (bad.click holding the CONFIG line below)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CASES = [
    ("Idle -> RED(20, 10, 0.5) -> Queue -> Discard;\n",
     "bad.click:1: While configuring 'RED@2 :: RED':\n  MIN_THRESH must be <= MAX_THRESH\n"),
    ("Idle -> RED(1, 10, 2) -> Queue -> Discard;\n",
     "bad.click:1: While configuring 'RED@2 :: RED':\n  MAX_P must be between 0 and 1\n"),
    ("Idle -> RED(1, 10, 0.5, QUEUES zz) -> Queue -> Discard;\n",
     "bad.click:1: While configuring 'RED@2 :: RED':\n  no element named 'zz'\n"),
    ("Idle -> RED(1, 10, 0.5) -> Discard;\n",
     "bad.click:1: While initializing 'RED@2 :: RED':\n  no nearby Queues\n"
     "Router could not be initialized!\n"),
    ("Idle -> RED(1,10,0.5, QUEUES d) -> d :: Discard;\n",
     "bad.click:1: While initializing 'RED@2 :: RED':\n  'd' is not a Storage element\n"
     "Router could not be initialized!\n"),
]


@pytest.mark.parametrize("config,expected", CASES)
def test_red_error(config: str, expected: str, tmp_path: Path) -> None:
    if shutil.which("clang") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    (tmp_path / "bad.click").write_text(config)
    p = subprocess.run([sys.executable, "-m", "clickc", "run", "bad.click"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 1
    # configuration errors end the run before Click's "Router could not be initialized!"
    assert p.stderr.removesuffix("Router could not be initialized!\n") == \
        expected.removesuffix("Router could not be initialized!\n")
