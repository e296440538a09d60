"""Read handlers with a parameter (Click's Handler::f_read_param) and handler-call errors,
end to end: configurations in handler_params/ compiled by ``clickc compile`` (under ASan and
UBSan, -Werror) and run; their standard output, standard error and exit status must be the bytes
Click's userlevel driver printed, recorded by handler_params/record.sh::

    cd tests/runtime/handler_params && $CLICK_PREFIX/bin/click CASE.click [$(cat CASE.args)]

The cases: ``lookup`` of the four IPRouteTable classes, ARPResponder and RadixIPsecLookup
through Script's ``$(H PARAM)``, ``read H PARAM``, ``readq``, ``print H PARAM`` and ``printq``;
errors (a parameter for a handler that takes none, a failing lookup under "While calling",
unknown handlers and elements, ``$(...)`` kept as written); a DriverManager's errors without
the Script context; ``-h`` on such a handler (an empty value, no error).  These tests do not
need Click.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from .routers import SANITIZE

DATA = Path(__file__).parent / "handler_params"
CASES = sorted(DATA.glob("*.click"))


def _expected(case: Path) -> tuple[int, str, str]:
    text = case.with_suffix(".expected").read_text()
    head, _, rest = text.partition("\n--- stdout\n")
    out, _, err = rest.partition("--- stderr\n")
    return int(head.split()[1]), out, err


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_matches_click(case: Path, tmp_path: Path) -> None:
    prog = tmp_path / case.stem
    flags = " ".join(SANITIZE)
    build = subprocess.run(
        [sys.executable, "-m", "clickc", "compile", case.name, "-O1", "-o", str(prog),
         f"--cflags=-Werror {flags}", f"--ldflags={flags}"],
        cwd=DATA, capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:exitcode=99",
               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=98")
    argf = case.with_suffix(".args")
    args = argf.read_text().split() if argf.exists() else []
    r = subprocess.run([str(prog), *args], cwd=DATA, capture_output=True, text=True,
                       timeout=60, env=env)
    assert (r.returncode, r.stdout, r.stderr) == _expected(case)


def test_every_case_has_a_recording() -> None:
    assert len(CASES) >= 5
    for p in CASES:
        assert p.with_suffix(".expected").exists(), p
