"""The compile driver (compiler/driver.py): every command reads the configuration text once,
the one NAME=VALUE grammar, and the options' cache key (docs/architecture.md, "The driver")."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from clickc import driver
from clickc.cli import main
from clickc.commands import run as run_cmd
from clickc.driver import CompileOptions
from clickc.errors import ErrorHandler
from clickc.frontend.cmdline import parse_definition, parse_definitions

REPO = Path(__file__).resolve().parents[1]
#: Three parameters, so the run-time split probes three times.
CONFIG = """define($IN in.pcap, $N 5, $OUT out.pcap);
FromDump($IN, STOP true) -> c :: Counter -> Strip($N) -> ToDump($OUT);
"""


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the configuration texts the driver parses."""
    names: list[str] = []
    real = driver.read_config

    def counting(text: str, filename: str, errh: ErrorHandler, classes: Any = None) -> Any:
        names.append(filename)
        return real(text, filename, errh, classes)

    monkeypatch.setattr(driver, "read_config", counting)
    return names


@pytest.mark.parametrize("argv", [
    ["--emit", "c", "-o", "-"],
    ["--emit", "flat"],
    ["-j", "2", "--emit", "c", "-o", "-"],
])
def test_compile_parses_once(tmp_path: Path, reads: list[str], argv: list[str]) -> None:
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    assert main([str(cfg), "IN=x.pcap", *argv]) == 0
    assert reads == [str(cfg)]


@pytest.mark.parametrize("command", [["check"], ["flatten"], ["graph", "-o", "GRAPH"]])
def test_tools_parse_once(tmp_path: Path, reads: list[str], command: list[str]) -> None:
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    argv = [a.replace("GRAPH", str(tmp_path / "r.dot")) for a in command]
    assert main([*argv, str(cfg), "N=7"]) == 0
    assert reads == [str(cfg)]


def test_run_parses_once_and_shares(tmp_path: Path, reads: list[str],
                                    monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """``clickc run`` reads the text once, builds one model, and gives a run-time parameter to
    the program (the C compiler is replaced: this is about the driver)."""
    built: list[str] = []

    def fake_build(c_text: str, output: Path, opts: Any) -> Path:
        built.append(c_text)
        output.parent.mkdir(parents=True, exist_ok=True)
        output.write_text("")
        return output

    models: list[object] = []
    real_model = driver.model

    def counting_model(*a: Any, **k: Any) -> Any:
        models.append(a[0])
        return real_model(*a, **k)

    monkeypatch.setattr(run_cmd, "build", fake_build)
    monkeypatch.setattr(run_cmd, "model", counting_model)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    assert main(["run", str(cfg), "IN=a.pcap", "--print-program"]) == 0
    assert reads == [str(cfg)] and len(models) == 1 and len(built) == 1
    first = capsys.readouterr().out
    # another run-time value: another cache entry, the same program
    assert main(["run", str(cfg), "IN=b.pcap", "--print-program"]) == 0
    assert capsys.readouterr().out == first and len(built) == 1
    entries = list((tmp_path / "cache" / "clickc" / "entries").glob("*.json"))
    assert len(entries) == 2
    assert sorted(run_cmd._read_entry(e)[1] for e in entries  # type: ignore[index]
                  ) == [["IN=a.pcap"], ["IN=b.pcap"]]


def test_definition_grammar() -> None:
    """Click's: NAME of letters, digits and _, then =; VALUE the rest, possibly empty."""
    assert parse_definition("IN=a=b c") == ("IN", "a=b c")
    assert parse_definition("1X=") == ("1X", "")
    assert parse_definition("x_2=\n") == ("x_2", "\n")
    for word in ("=v", "$X=1", "A-B=1", "a.click", "X"):
        assert parse_definition(word) is None, word
    errh = ErrorHandler()
    assert parse_definitions(["A=1", "A=2"], errh) == {"A": "2"} and not errh.nerrors
    parse_definitions(["A=1", "A=2"], errh, duplicates=False)
    assert [str(d.message) for d in errh.diagnostics] == ["parameter 'A' multiply defined"]
    errh = ErrorHandler()
    parse_definitions(["r.click"], errh)
    assert [str(d.message) for d in errh.diagnostics] == [
        "'r.click' is not a parameter (expected NAME=VALUE)"]


def test_cache_key_follows_options() -> None:
    """Options that change the program change the key; where the output goes and what is
    printed do not (docs/cli.md, "clickc run")."""
    base = CompileOptions(params=(("B", "2"), ("A", "1")))
    assert base.key() == CompileOptions(params=(("A", "1"), ("B", "2"))).key()
    for change in ({"explain": True}, {"output": "x"}, {"dump_after": ("all",)},
                   {"build_jobs": 4}, {"emit": "c"}):
        assert dataclasses.replace(base, **change).key() == base.key(), change
    for change in ({"opt": 3}, {"threads": 2}, {"batch": 8}, {"passes": ()},
                   {"pass_options": ("cost=a:1",)}, {"adapt": ""}, {"cflags": ("-g",)},
                   {"params": (("A", "2"),)}, {"profile_use": ("p",)}):
        assert dataclasses.replace(base, **change).key() != base.key(), change
    assert set(base.build_key()) < set(base.key())
