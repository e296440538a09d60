"""Click's unit-test elements that clickc implements (elements/test/): their output against
what Click's userlevel driver printed for the same configuration (recorded below with
``$CLICK_PREFIX/bin/click``; re-checked against it when CLICK_PREFIX is set, tests/oracle.py).

- TokenBucketTest runs the cases of Click's tokenbuckettest.cc on clickc's token bucket
  (standard/cktokenbucket.h) when initialized (Click's test/standard/tokenbucket-01).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import oracle

#: name: (click arguments, standard error Click printed, standard output)
CASES: dict[str, tuple[list[str], str, str]] = {
    "tokenbuckettest": (
        ["-qe", "TokenBucketTest"],
        "config:1: While initializing 'TokenBucketTest@1 :: TokenBucketTest':\n"
        "  All tests pass!\n", ""),
}


def _run(driver: list[str], args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(driver + args, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", sorted(CASES))
def test_recorded(name: str) -> None:
    args, stderr, stdout = CASES[name]
    p = _run([sys.executable, "-m", "clickc", "run"], args)
    assert (p.returncode, p.stderr, p.stdout) == (0, stderr, stdout)


@pytest.mark.parametrize("name", sorted(CASES))
def test_recording_is_clicks(name: str) -> None:
    click = oracle.require_click_tool()
    args, stderr, stdout = CASES[name]
    p = _run([str(click)], args)
    assert (p.returncode, p.stderr, p.stdout) == (0, stderr, stdout)
