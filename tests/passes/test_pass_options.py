"""Typed pass options: each pass's options dataclass, ``--pass-option`` parsing and
validation (unknown names with suggestions, bad values naming what is accepted), the shared
``cost`` setting, and ``--list-passes``."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from clickc.errors import ErrorHandler
from clickc.passes import manager
from clickc.passes.batching import BatchOptions
from clickc.passes.costmodel import CostOptions
from clickc.passes.flowsplit import SplitOptions
from clickc.passes.pipeline_cut import CutOptions
from clickc.passes.placement import PlacementOptions

ROOT = Path(__file__).resolve().parents[2]
IPROUTER = ROOT / "examples" / "iprouter.click"


def _parse(*pairs: tuple[str, str]) -> tuple[manager.PassOptionValues, ErrorHandler]:
    errh = ErrorHandler()
    return manager.parse_pass_options(list(pairs), manager.registry().values(), errh), errh


def test_values_are_typed() -> None:
    vals, errh = _parse(("cost", "a:10,IPsecDES:2.5e3"), ("split_weights", "2:3"),
                        ("split_inline", "0"), ("cut_capacity", "0x10"),
                        ("placement.strategy", "udfs"), ("placement.tolerance", "0.5"),
                        ("placement.adapt", "1"), ("split_order", "auto"))
    assert not errh.nerrors
    split = vals.of(SplitOptions)
    assert split.cost == {"a": 10.0, "IPsecDES": 2500.0}
    assert split.split_weights == (2, 3) and split.split_inline is False
    assert split.split_replicas is None and split.split_capacity == 4096
    cut = vals.of(CutOptions)
    assert (cut.cut_capacity, cut.cut_burst, cut.cut_stages) == (16, 32, None)
    pl = vals.of(PlacementOptions)
    assert (pl.strategy, pl.tolerance, pl.adapt, pl.transfer) == ("udfs", 0.5, True, 340.0)
    assert pl.cost is split.cost


def test_defaults_without_settings() -> None:
    vals, _ = _parse()
    assert vals.of(SplitOptions) == SplitOptions()
    assert vals.of(PlacementOptions).strategy == "greedy"
    assert vals.of(CostOptions).cost is None


def test_later_setting_wins() -> None:
    vals, _ = _parse(("cut_burst", "8"), ("cut_burst", "9"))
    assert vals.of(CutOptions).cut_burst == 9


@pytest.mark.parametrize("name, value, message", [
    ("splt_order", "0", "--pass-option splt_order=0: unknown option (did you mean "
                        "'split_order'?); --list-passes lists them"),
    ("placement.strategie", "udfs", "did you mean 'placement.strategy'"),
    ("strategy", "udfs", "unknown option (did you mean 'placement.strategy'?)"),
    ("tolerance", "1", "did you mean 'placement.tolerance'?"),
    ("cut_capacity", "lots", "--pass-option cut_capacity=lots: expected an integer >= 1"),
    ("cut_capacity", "0", "expected an integer >= 1"),
    ("split_replicas", "1", "--pass-option split_replicas=1: expected an integer >= 2"),
    ("placement.strategy", "best", "--pass-option placement.strategy=best: expected greedy, "
                                   "udfs, auto"),
    ("split_order", "yes", "expected auto, 0, 1"),
    ("placement.tolerance", "-1", "expected a number 0 or more"),
    ("placement.transfer", "nan", "expected a number 0 or more"),
    ("split_inline", "maybe", "expected 0 or 1"),
    ("split_weights", "3", "expected W0:W1[:...], positive integers, at most 16 in all"),
    ("cost", "x", "--pass-option cost=x: 'x': expected KEY:CYCLES"),
])
def test_bad_settings_are_errors(name: str, value: str, message: str) -> None:
    _, errh = _parse((name, value))
    assert errh.nerrors == 1
    assert message in str(errh.diagnostics[0])


def test_every_documented_option_is_declared() -> None:
    """Every ``--pass-option`` name docs/passes.md, the tests and bench/ use is accepted."""
    table = manager.pass_options_table(manager.registry().values())
    used: set[str] = set()
    for d in ("docs", "tests", "bench", "examples"):
        for f in (ROOT / d).rglob("*"):
            if f.suffix in (".md", ".py", ".click", ".sh") and f.is_file() and \
                    f.resolve() != Path(__file__).resolve():
                text = f.read_text(encoding="utf-8", errors="replace")
                # (docs/passes.md's example of a misspelt name is not a use)
                used.update(re.findall(r"--pass-option[ =]\"?([a-z_.]+)=(?![^`]*unknown option)",
                                       text))
    assert used and used <= set(table), used - set(table)
    for name in ("cost", "split_replicas", "split_weights", "split_capacity", "split_burst",
                 "split_inline", "split_order", "split_backlog", "cut_capacity", "cut_burst",
                 "cut_stages", "placement.strategy", "placement.tolerance",
                 "placement.transfer", "placement.instances", "placement.adapt",
                 "vector_size", "vector_gain"):
        assert name in table


def test_shared_cost_is_declared_once() -> None:
    table = manager.pass_options_table(manager.registry().values())
    assert table["cost"][2] == ["batch", "flow-split", "pipeline-cut", "placement"]
    (cost,) = [f for f in dataclasses.fields(CostOptions)]
    for cls in (SplitOptions, CutOptions, PlacementOptions, BatchOptions):
        assert next(f for f in dataclasses.fields(cls) if f.name == "cost") is cost


def test_an_option_declared_twice_is_refused() -> None:
    @dataclasses.dataclass(frozen=True)
    class Again:
        cut_burst: int = manager.option(4, "a second cut_burst", manager.int_at_least(1))

    twice = [*manager.registry().values(), manager.Pass("again", "x", lambda g, c: None,
                                                        options=Again)]
    with pytest.raises(RuntimeError, match="declared twice"):
        manager.pass_options_table(twice)


def test_list_passes_shows_options() -> None:
    text = manager.list_passes()
    assert "--pass-option split_capacity=N (int, default 4096): capacity of each replica's " \
           "Queue" in text
    assert "--pass-option placement.strategy=greedy|udfs|auto (str, default greedy)" in text
    assert "(also read by flow-split, pipeline-cut, placement)" in text
    assert text.count("--pass-option cost=") == 1


def test_command_line_errors_exit_1_without_traceback(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    from clickc.cli import main

    out = tmp_path / "flat.click"
    assert main(["-O1", str(IPROUTER), "--emit", "flat", "-o", str(out),
                 "--pass-option", "split_inlne=0", "--pass-option", "cut_burst=-3"]) == 1
    err = capsys.readouterr().err
    assert "--pass-option split_inlne=0: unknown option (did you mean 'split_inline'" in err
    assert "--pass-option cut_burst=-3: expected an integer >= 1" in err
    assert "Traceback" not in err
    # a setting for a pass the level does not run is still accepted (bench/ passes both)
    assert main(["-O1", str(IPROUTER), "--emit", "flat", "-o", str(out),
                 "--pass-option", "cut_capacity=64", "--pass-option", "split_capacity=64"]) == 0
