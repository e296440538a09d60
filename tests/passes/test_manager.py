"""The pass manager: registry, pipelines, --passes resolution, rechecks, dumps."""

from __future__ import annotations

from pathlib import Path

import pytest
from clickc.driver import CompileOptions, router_model
from clickc.errors import ClickError, ErrorHandler
from clickc.ir import Element, RouterGraph
from clickc.passes import manager

CONFIG = """src :: InfiniteSource(LIMIT 3) -> c :: Counter -> Discard;
"""


def test_every_pipeline_pass_is_registered() -> None:
    reg = manager.registry()
    for level, names in manager.PIPELINES.items():
        for n in names:
            assert n in reg, f"-O{level} names unregistered pass {n}"


def test_unknown_pass_is_an_error_with_suggestion(tmp_path: Path) -> None:
    cfg = tmp_path / "a.click"
    cfg.write_text(CONFIG)
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        router_model(cfg, CompileOptions(passes=("no-such-pass",)), errh)
    assert "unknown pass 'no-such-pass'" in str(errh.diagnostics[0])


def _bad_pass(graph: RouterGraph, ctx: manager.PassContext) -> None:
    # connects an output that Counter does not have twice: push-to-push port conflict
    graph.add_element(Element("extra", "Discard", ""))
    graph.connect("c", 0, "extra", 0)


def _good_pass(graph: RouterGraph, ctx: manager.PassContext) -> None:
    ctx.note("good", f"saw {len(graph)} elements on {ctx.nthreads} threads")


def test_recheck_reports_invalid_router_as_internal_error(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    reg = dict(manager.registry())
    reg["bad"] = manager.Pass("bad", "adds a second connection from a push output", _bad_pass,
                              recheck=True)
    monkeypatch.setattr(manager, "_REGISTRY", reg)
    cfg = tmp_path / "a.click"
    cfg.write_text(CONFIG)
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        router_model(cfg, CompileOptions(passes=("bad",)), errh)
    text = "\n".join(str(d) for d in errh.diagnostics)
    assert "internal error: pass 'bad' produced an invalid router" in text


def test_explain_and_dump(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reg = dict(manager.registry())
    reg["good"] = manager.Pass("good", "notes", _good_pass, provides=("noted",))
    reg["after"] = manager.Pass("after", "needs good", lambda g, c: None, requires=("noted",))
    monkeypatch.setattr(manager, "_REGISTRY", reg)
    cfg = tmp_path / "a.click"
    cfg.write_text(CONFIG)
    options = CompileOptions(threads=2, passes=("good", "after"), dump_after=("all",),
                             dump_dir=str(tmp_path / "dump"))
    explain: list[str] = []
    router_model(cfg, options, ErrorHandler(), explain=explain)
    assert explain == ["[good] saw 3 elements on 2 threads"]
    assert (tmp_path / "dump" / "01-good.click").read_text().count("::") == 3
    assert (tmp_path / "dump" / "02-after.dot").read_text().startswith("digraph")
    errh = ErrorHandler()
    with pytest.raises(ClickError):
        router_model(cfg, CompileOptions(passes=("after", "good")), errh)
    assert "needs noted first" in str(errh.diagnostics[0])


def test_list_passes_names_pipelines() -> None:
    text = manager.list_passes()
    for level in range(4):
        assert f"-O{level}:" in text
