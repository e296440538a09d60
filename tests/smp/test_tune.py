"""``clickc tune`` (compiler/commands/tune.py; docs/profiles.md, "Plans checked by
measurement"): the decision rule, the statistics it reads, one end-to-end run on the bundled
capture, and its usage errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from clickc.commands.tune import Plan, better, read_stats

ROOT = Path(__file__).resolve().parents[2]
CAPTURE = ROOT / "examples" / "iprouter-in.pcap"
CLICKC = [sys.executable, "-m", "clickc"]


def test_a_plan_replaces_the_best_only_when_faster_and_not_dropping_more() -> None:
    best = Plan("j1", 1, (), ns=[100.0, 110.0, 105.0], drops=[0, 0, 0])
    assert better(Plan("p", 2, (), ns=[80.0], drops=[0]), best, 0.05)[0]
    ok, why = better(Plan("p", 2, (), ns=[102.0], drops=[0]), best, 0.05)
    assert not ok and "not 5% faster" in why
    ok, why = better(Plan("p", 2, (), ns=[50.0], drops=[3]), best, 0.05)
    assert not ok and "dropped 3" in why


def test_read_stats(tmp_path: Path) -> None:
    f = tmp_path / "s.json"
    f.write_text(json.dumps({"threads": [{"packets": 900, "cpu_s": 0.001},
                                         {"packets": 100, "cpu_s": 0.002}],
                             "elements": [{"drops": 2}, {"drops": 3}]}))
    ns, packets, drops = read_stats(f)
    assert (round(ns), packets, drops) == (2000, 1000, 5)


FORWARD = """src :: FromDump($IN, STOP true);
src -> Strip(14) -> CheckIPHeader -> DecIPTTL -> c :: Counter -> Discard;
"""


@pytest.mark.serial  # measures plans: -j 2 routers, timed runs
def test_tune_end_to_end(tmp_path: Path) -> None:
    cfg = tmp_path / "r.click"
    cfg.write_text(FORWARD)
    prog = tmp_path / "r"
    r = subprocess.run([*CLICKC, "tune", "-O1", "-j", "2", str(cfg), f"IN={CAPTURE}", "-o",
                        str(prog), "--runs", "1", "--rounds", "1", "--explain",
                        "--keep", str(tmp_path / "keep")],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    lines = [x for x in r.stderr.splitlines() if "[tune]" in x]
    assert lines[0].startswith("clickc: [tune] -j 1: ")
    assert any("chosen: " in x for x in lines)
    # every plan measured is either kept or rejected with its reason, or already measured
    assert any(("kept" in x or "rejected" in x or "already measured" in x) for x in lines[1:])
    assert (tmp_path / "keep" / "tune.txt").is_file()
    run = subprocess.run([str(prog), "-h", "c.count"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and int(run.stdout) > 0


def test_tune_usage_errors(tmp_path: Path) -> None:
    r = subprocess.run([*CLICKC, "tune", str(tmp_path / "none.click"), "-o", "x"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "No such file" in r.stderr
    cfg = tmp_path / "r.click"
    cfg.write_text(FORWARD)
    r = subprocess.run([*CLICKC, "tune", "--profile-use=p", str(cfg), "-o", "x"],
                       capture_output=True, text=True)
    assert r.returncode == 1 and "tune's own" in r.stderr
    r = subprocess.run([*CLICKC, "tune", "--runs", "0", str(cfg), "-o", "x"],
                       capture_output=True, text=True)
    assert r.returncode == 1
