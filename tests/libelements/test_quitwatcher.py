"""QuitWatcher (issue 19): stops a router that would run for ever once a watched element's
task is no longer scheduled (Click's elements/standard/quitwatcher.cc), at -j 1 and -j 2; an
element without a `scheduled` handler or no element at all is an initialization error in
HandlerCall's words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .harness import require_c_compiler

#: An endless source keeps the router running; u2's task sleeps on its empty Queue at once.
ENDLESS = ("InfiniteSource -> Discard;\n"
           "Idle -> q2 :: Queue -> u2 :: Unqueue -> Discard;\n")


def clickc_run(tmp_path: Path, config: str, *options: str) -> subprocess.CompletedProcess[str]:
    require_c_compiler()
    cfg = tmp_path / "r.click"
    cfg.write_text(config)
    return subprocess.run([sys.executable, "-m", "clickc", "run", *options, str(cfg)],
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)


@pytest.mark.parametrize("threads", ["1", "2"])
def test_stops_when_unscheduled(tmp_path: Path, threads: str) -> None:
    r = clickc_run(tmp_path, ENDLESS + "QuitWatcher(u2);\n", "-j", threads,
                   "-h", "u2.scheduled")
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip() == "false"


def test_scheduled_elements_keep_it_running(tmp_path: Path) -> None:
    # the watched source stays scheduled: the router ends when the work is done, not before
    r = clickc_run(tmp_path, "s :: InfiniteSource(LIMIT 2000, STOP true) -> c :: Counter"
                   " -> Discard;\nq :: QuitWatcher(s);\n", "-h", "c.count")
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.strip() == "2000"


def test_errors(tmp_path: Path) -> None:
    r = clickc_run(tmp_path, ENDLESS + "i :: Idle; QuitWatcher(nope, i);\n")
    assert r.returncode == 1
    assert "no element named 'nope'" in r.stderr
    assert "no 'i.scheduled' read handler" in r.stderr
