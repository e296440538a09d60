"""The IR graph's invariants and the command-line dispatcher."""

import subprocess
import sys
from pathlib import Path

import pytest
from clickc import __version__
from clickc.cli import main
from clickc.errors import ErrorHandler, Landmark
from clickc.ir import Connection, Element, RouterGraph


def test_elements_keep_declaration_order_and_connections_are_sorted() -> None:
    g = RouterGraph()
    for name in ["z", "a", "m"]:
        g.add_element(Element(name, "Null", "", Landmark("t.click", 1)))
    g.connect("m", 0, "a", 0)
    g.connect("z", 1, "m", 0)
    g.connect("z", 0, "a", 0)
    g.connect("z", 0, "a", 0)  # a repeated connection is not duplicated, as in Click
    assert [e.name for e in g.elements()] == ["z", "a", "m"]
    assert g.connections() == [
        Connection("z", 0, "a", 0), Connection("z", 1, "m", 0), Connection("m", 0, "a", 0)]
    assert g.noutputs_used("z") == 2 and g.ninputs_used("a") == 1
    g.remove_element("m")
    assert g.connections() == [Connection("z", 0, "a", 0)]


def test_duplicate_element_is_rejected() -> None:
    g = RouterGraph()
    g.add_element(Element("a", "Null"))
    try:
        g.add_element(Element("a", "Null"))
    except KeyError:
        pass
    else:
        raise AssertionError("duplicate element accepted")


def test_diagnostics_print_in_click_format() -> None:
    errh = ErrorHandler()
    errh.error(Landmark("r.click", 3), "undeclared element 'x'")
    errh.warning(Landmark("r.click", 4), "something odd")
    assert [str(d) for d in errh.diagnostics] == [
        "r.click:3: undeclared element 'x'", "r.click:4: warning: something odd"]
    assert errh.nerrors == 1 and bool(errh)


def test_version_and_help(capsys: object) -> None:
    assert main(["--version"]) == 0
    out = subprocess.run([sys.executable, "-m", "clickc", "--help"], capture_output=True,
                         text=True, check=False)
    assert out.returncode == 0 and "usage: clickc" in out.stdout
    assert __version__ in subprocess.run([sys.executable, "-m", "clickc", "--version"],
                                         capture_output=True, text=True).stdout


def test_output_that_is_a_directory_is_an_error(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    cfg = tmp_path / "a.click"
    cfg.write_text("Idle -> Discard;\n")
    assert main([str(cfg), "-o", str(tmp_path)]) == 1
    assert "Is a directory" in capsys.readouterr().err
