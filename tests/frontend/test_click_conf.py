"""Acceptance: every conf/*.click of the Click distribution that click-flatten accepts is
flattened by clickc into the same text (same element names, classes, configuration strings,
landmarks and connections, in the same order); the ones it rejects give the same errors.

Expected outputs are produced on the fly by real Click (``$CLICK_PREFIX/bin/click-flatten``) from
Click's own files (``$CLICK_SRC/conf``); the test is skipped where they are absent (CI).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from clickc.errors import ClickError
from clickc.frontend import parse_file

from tests import oracle

from .helpers import CLICK_FLATTEN, CLICK_SRC, run_clickc

CONFS = sorted((CLICK_SRC / "conf").glob("*.click")) \
    if CLICK_SRC is not None and (CLICK_SRC / "conf").is_dir() else []
needs_click = pytest.mark.skipif(not CONFS or CLICK_FLATTEN is None,
                                 reason=oracle.skip_reason_src("conf") + "; "
                                 + oracle.skip_reason_tool("click-flatten"))


def _graph_sets(text: str) -> tuple[set[tuple[str, str, str]], set[tuple[str, int, str, int]]]:
    from clickc.frontend import parse_string

    g = parse_string(text, "x")
    return ({(e.name, e.class_name, e.config) for e in g.elements()},
            {(c.src, c.sport, c.dst, c.dport) for c in g.connections()})


@needs_click
@pytest.mark.parametrize("conf", CONFS, ids=[p.name for p in CONFS])
def test_conf_flattens_like_click(conf: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(conf.parent)
    ref = subprocess.run([str(CLICK_FLATTEN), conf.name], capture_output=True, text=True,
                         check=False)
    rc, out, err = run_clickc(["flatten", conf.name])
    assert (rc != 0, err) == (ref.returncode != 0, ref.stderr)
    assert out == ref.stdout
    if ref.returncode == 0:
        # the flat graphs are equal as sets too (names, classes, configs, connections)
        assert _graph_sets(out) == _graph_sets(ref.stdout)
        try:
            parse_file(conf.name)
        except ClickError as e:  # pragma: no cover - reported by the assertion
            pytest.fail(str(e))


@needs_click
def test_most_confs_are_accepted() -> None:
    accepted = [p for p in CONFS
                if subprocess.run([str(CLICK_FLATTEN), str(p)], capture_output=True,
                                  check=False).returncode == 0]
    assert len(accepted) >= 40


@pytest.mark.skipif(CLICK_FLATTEN is None, reason=oracle.skip_reason_tool("click-flatten"))
def test_benchmark_configuration_flattens_like_click(tmp_path: Path) -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    try:
        from bench_flatten import generate
    finally:
        sys.path.pop(0)
    f = tmp_path / "b.click"
    f.write_text(generate(1500))
    ref = subprocess.run([str(CLICK_FLATTEN), str(f)], capture_output=True, text=True,
                         check=False)
    assert ref.returncode == 0
    assert run_clickc(["flatten", str(f)]) == (0, ref.stdout, ref.stderr)
