"""FlowInfo (issue 19): an element's flow code overridden for every pass that follows flow
codes (Click's FlowInfo and Router::flow_code_override); here push/pull inference, the first
of them, and FlowInfo's configuration errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

#: Suppressor (flow code #/#) with a push input 0 and a pull input 1: fine by its own code,
#: in mixed context when every input reaches every output.
BASE = ("InfiniteSource(LIMIT 2, STOP true) -> Tee(1) -> [0]s :: Suppressor -> Discard;\n"
        "Idle -> Queue -> [1]s; s[1] -> Discard;\n")


def check(tmp_path: Path, config: str) -> subprocess.CompletedProcess[str]:
    cfg = tmp_path / "r.click"
    cfg.write_text(config)
    return subprocess.run([sys.executable, "-m", "clickc", "check", str(cfg)],
                          capture_output=True, text=True, timeout=300)


def test_override_changes_processing(tmp_path: Path) -> None:
    assert check(tmp_path, BASE).returncode == 0
    assert check(tmp_path, BASE + "FlowInfo(s #/#);\n").returncode == 0
    r = check(tmp_path, BASE + "FlowInfo(s x/x);\n")
    assert r.returncode == 1
    assert "agnostic 's :: Suppressor' in mixed context: pull input 1, push output 0" in r.stderr


def test_names_from_compound(tmp_path: Path) -> None:
    inner = ("c :: { input -> s :: Suppressor -> output; Idle -> Queue -> [1]s; s[1] -> Discard;"
             " FlowInfo(s x/x) };\n"
             "InfiniteSource(LIMIT 2, STOP true) -> Tee(1) -> c -> Discard;\n")
    r = check(tmp_path, inner)
    assert r.returncode == 1
    assert "agnostic 'c/s :: Suppressor' in mixed context" in r.stderr


def test_errors(tmp_path: Path) -> None:
    r = check(tmp_path, BASE + "FlowInfo(nope x/x, s, s x/x extra);\n")
    assert r.returncode == 1
    assert "'nope' does not name an element" in r.stderr
    assert r.stderr.count("expected 'ELEMENT CODE'") == 2
