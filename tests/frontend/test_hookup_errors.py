"""Port and connection errors as Click's driver (``click``) prints them.

Each data/hookup/CASE.click was written for clickc; CASE.expected holds the command that
recorded it (data/hookup/record.sh), Click's exit status and its standard error::

    cd tests/frontend/data/hookup && $CLICK_PREFIX/bin/click -q CASE.click

The cases cover Router::initialize's checks (lib/router.cc): ports an element does not have
(``'c :: Counter' has no output 1``, which stop the other checks), push/pull conflicts (no
landmark), illegal reuse of a pull input or push output, unused ports, and the final "Router
could not be initialized!".  ``clickc check``, ``clickc compile`` and ``clickc run`` print the
same lines; ``clickc check --no-configure`` keeps click-check's wording (tests/passes).
data/hookup/random.cases holds 200 random configurations with Click's output, recorded by
data/hookup/record_random.py (its docstring gives the command).  These tests do not need Click.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import DATA, run_clickc

HOOKUP = DATA / "hookup"
CASES = sorted(HOOKUP.glob("*.click"))


def _random_cases() -> list[tuple[str, str, int, str]]:
    """(name, configuration, exit status, standard error) of each case in random.cases."""
    out = []
    for block in (HOOKUP / "random.cases").read_text().split("=== ")[1:]:
        name, _, rest = block.partition("\n")
        config, _, result = rest.partition("--- exit ")
        status, _, err = result.partition("\n")
        out.append((name, config, int(status), err))
    return out


def _expected(case: Path) -> tuple[int, str]:
    lines = case.with_suffix(".expected").read_text().splitlines(keepends=True)
    lines = [x for x in lines if not x.startswith("#")]
    return int(lines[0].split()[1]), "".join(lines[1:])


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_check_prints_what_click_prints(case: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HOOKUP)
    rc, out, err = run_clickc(["check", case.name])
    assert (rc, out, err) == (*_expected(case)[:1], "", _expected(case)[1])


@pytest.mark.parametrize("name", ["nooutput", "pushpull", "many"])
def test_compile_prints_what_click_prints(name: str, monkeypatch: pytest.MonkeyPatch,
                                          tmp_path: Path) -> None:
    monkeypatch.chdir(HOOKUP)
    rc, _, err = run_clickc(["compile", f"{name}.click", "-o", str(tmp_path / "r")])
    assert (rc, err) == _expected(HOOKUP / f"{name}.click")
    assert not (tmp_path / "r").exists()


def test_run_prints_what_click_prints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(HOOKUP)
    rc, _, err = run_clickc(["run", "--no-cache", "unused.click"])
    assert (rc, err) == _expected(HOOKUP / "unused.click")


def test_no_configure_keeps_click_check_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # click-check's wording (tools/lib/processingt.cc), recorded with
    #   cd tests/frontend/data/hookup && $CLICK_PREFIX/bin/click-check -u nooutput.click
    monkeypatch.chdir(HOOKUP)
    rc, _, err = run_clickc(["check", "--no-configure", "nooutput.click"])
    assert rc == 1
    assert err.splitlines()[:2] == ["nooutput.click:1: too many outputs for 'c', 1 allowed",
                                    "nooutput.click:4: 'c' output 1 used here"]
    assert "Router could not be initialized!" not in err


def test_random_configurations_as_click(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    cases = _random_cases()
    assert len(cases) == 200
    wrong = []
    for name, config, status, err in cases:
        (tmp_path / "f.click").write_text(config)
        rc, _, got = run_clickc(["check", "f.click"])
        if (rc, got) != (status, err):
            wrong.append(f"case {name}:\n{config}click: {status}\n{err}clickc: {rc}\n{got}")
    assert wrong == []
