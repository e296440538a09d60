"""Errors of ``clickc check`` against Click's driver, and landmarks of generated C.

Each data/driver/CASE.click was written for clickc; CASE.expected holds the exit status and the
standard error of Click's driver, recorded by data/driver/record.sh::

    cd tests/frontend/data/driver && $CLICK_PREFIX/bin/click -q CASE.click

The cases put elements on lines after ``//`` and ``/* */`` comments, inside a compound, after a
``#`` line directive and after a quoted string spanning lines: the driver reports each element
at its own line, where click-flatten (tools/lib/lexert.cc) reports some at an earlier one.
``lines.flatten`` is ``click-flatten lines.click`` (same directory): ``clickc flatten`` keeps
the tools' lines.  These tests do not need Click.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from clickc.errors import Landmark
from clickc.frontend import parse_string

from .helpers import DATA, run_clickc

DRIVER = DATA / "driver"
CASES = sorted(DRIVER.glob("*.click"))


def _expected(case: Path) -> tuple[int, str]:
    head, _, err = case.with_suffix(".expected").read_text().partition("\n")
    return int(head.split()[1]), err


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_check_errors_match_click_driver(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DRIVER)
    rc, _, err = run_clickc(["check", case.name])
    exp_rc, exp_err = _expected(case)
    assert (rc, err) == (exp_rc, exp_err)


def test_flatten_keeps_click_flatten_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(DRIVER)
    rc, out, err = run_clickc(["flatten", "lines.click"])
    assert (rc, err) == (0, "")
    assert out == (DRIVER / "lines.flatten").read_text()


def test_landmark_keeps_both_lines() -> None:
    g = parse_string("// c\na :: Idle;\n/* x\n*/ b :: Idle; c :: Idle;\n", "t.click")
    lm = {e.name: e.landmark for e in g.elements()}
    assert (lm["a"], lm["a"].for_tools()) == (Landmark("t.click", 2), Landmark("t.click", 1))
    assert (lm["b"], lm["b"].for_tools()) == (Landmark("t.click", 4), Landmark("t.click", 3))
    assert lm["a"] == Landmark("t.click", 2)   # the tools' line takes no part in equality
    assert hash(lm["a"]) == hash(Landmark("t.click", 2))


def test_generated_c_comments_use_driver_lines(tmp_path: Path) -> None:
    src = tmp_path / "r.click"
    src.write_text("// the source\nsrc :: InfiniteSource(LIMIT 1)\n  // the sink\n"
                   "  -> sink :: Discard;\n")
    rc, _, err = run_clickc(["compile", str(src), "--emit", "c", "-o", str(tmp_path / "r.c")])
    assert rc == 0, err
    text = (tmp_path / "r.c").read_text()
    assert f"src :: InfiniteSource(LIMIT 1) {src}:2 " in text
    assert f'#define ELEMENT_LANDMARK "{src}:4"' in text
