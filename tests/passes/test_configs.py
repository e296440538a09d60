"""`clickc check` on our own configurations, against messages recorded from Click's checker.

Each tests/passes/configs/NAME.click has NAME.expected: the lines `clickc check --no-configure
NAME.click` must print (run in that directory), recorded with the command named in its comment
lines (click-check; `clickc check` without --no-configure prints Click's driver's words instead,
tests/frontend/test_hookup_errors.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from clickc.errors import ErrorHandler

CONFIGS = Path(__file__).resolve().parent / "configs"


def _frontend_ready() -> bool:
    try:
        from clickc.frontend import parse_file  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        return False
    return callable(parse_file)


needs_frontend = pytest.mark.skipif(not _frontend_ready(), reason="clickc.frontend not available")


def run_check(path: Path, configure: bool = True, defines: dict[str, str] | None = None
              ) -> tuple[int, list[str]]:
    """Run the checker as `clickc check` does, in the file's directory; (status, lines)."""
    from clickc.driver import check_file

    old = os.getcwd()
    os.chdir(path.parent)
    try:
        errh = ErrorHandler()
        check_file(path.name, defines or {}, errh, configure=configure)
    finally:
        os.chdir(old)
    return (1 if errh.nerrors else 0), [str(d) for d in errh.diagnostics]


def _expected(name: str) -> list[str]:
    lines = (CONFIGS / f"{name}.expected").read_text().splitlines()
    return [x for x in lines if x and not x.startswith("#")]


@needs_frontend
@pytest.mark.parametrize("name", sorted(p.stem for p in CONFIGS.glob("*.click")))
def test_config_messages(name: str) -> None:
    status, lines = run_check(CONFIGS / f"{name}.click", configure=False)
    expected = _expected(name)
    assert lines == expected
    assert status == (1 if expected else 0)


@needs_frontend
def test_graph_is_annotated_with_resolved_processing() -> None:
    from clickc.driver import check_file
    from clickc.errors import ErrorHandler

    errh = ErrorHandler()
    old = os.getcwd()
    os.chdir(CONFIGS)
    try:
        g = check_file("pull_chain_ok.click", {}, errh)
    finally:
        os.chdir(old)
    assert g is not None and errh.nerrors == 0
    assert g.element("q").output_kinds == ["pull"]
    assert g.element("p").input_kinds == ["pull"] and g.element("p").output_kinds == ["pull"]
    assert g.element("c").input_kinds == ["push"]


@needs_frontend
def test_unknown_and_undeclared_classes_get_hints(tmp_path: Path) -> None:
    # Click's words, then clickc's hint (recorded: `click u.click` prints
    # "u.click:1: undeclared element 'Queu'" and "u.click:3: unknown element class 'Zzyzxq'";
    # a name is reported once)
    p = tmp_path / "u.click"
    p.write_text("FromDump(x) -> Queu -> Discard;\nIdle -> q :: Queu -> Discard;\n"
                 "Idle -> z :: Zzyzxq -> Discard;\n")
    status, lines = run_check(p)
    assert status == 1
    assert lines == ["u.click:1: undeclared element 'Queu' (did you mean 'Queue'?)",
                     "u.click:3: unknown element class 'Zzyzxq'"]
