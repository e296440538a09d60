"""FastClick's multi-threaded classes on two threads under ThreadSanitizer (issue 19): the
recorded two-thread case (cases.THREADED: ExactCPUSwitch, AverageCounterMP and
AverageCounterIMP at -j 2, recorded from FastClick) built with clang's ThreadSanitizer must
give FastClick's handler values and outputs without a report, and RSSHashSwitch (recorded on
one thread, from FastClick built with DPDK) spreads two threads' packets as the Toeplitz hash
of tests/libelements/test_rsshashswitch.py says, plain and under ThreadSanitizer.  The TSan
builds run in the TSan job (CLICKC_TSAN=1, tests/testlib.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests import elemharness
from tests.libelements.harness import run
from tests.libelements.test_rsshashswitch import ARP, FLOWS, expected_hash, frame
from tests.testlib import require_tsan

from . import cases

#: clang's ThreadSanitizer, as tests/runtime's TSan tests build it.
TSAN = ["--cc", "clang", "--cflags=-fsanitize=thread", "--cflags=-g",
        "--cflags=-fno-omit-frame-pointer", "--ldflags=-fsanitize=thread"]


@pytest.mark.parametrize("name", cases.THREADED)
def test_recorded_under_tsan(name: str, tmp_path: Path) -> None:
    """Handler values and outputs equal FastClick's, with no ThreadSanitizer report."""
    require_tsan(tmp_path)
    (run_,) = cases.CASES[name][1]
    out = tmp_path / "out"
    out.mkdir()
    p = elemharness.run_clickc(cases, name, run_, out, ["-O1", *TSAN])
    assert p.returncode == 0, p.stderr[-4000:]
    assert "ThreadSanitizer" not in p.stderr, p.stderr[-4000:]
    rec = json.loads((cases.EXPECTED / name / f"{elemharness.stem(run_)}.json").read_text())
    assert p.stdout == rec["stdout"]
    assert {f.name: cases.digest(f) for f in sorted(out.iterdir())} == rec["files"]


RSS_CONFIG = """
f0 :: FromDump($IN, STOP false) -> MarkIPHeader(14) -> sw :: RSSHashSwitch;
f1 :: FromDump($IN, STOP false) -> MarkIPHeader(14) -> sw;
sw[0] -> c0 :: Counter -> Discard; sw[1] -> c1 :: Counter -> Discard;
sw[2] -> c2 :: Counter -> Discard; sw[3] -> c3 :: Counter -> Discard;
StaticThreadSched(f0 0, f1 1);
"""


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_rsshashswitch_two_threads(tmp_path: Path, tsan: bool) -> None:
    """Each of two threads replays the same flows through one RSSHashSwitch: every output
    counts twice the flows whose hash picks it (ARP to output 0)."""
    if tsan:
        require_tsan(tmp_path)
    frames = [frame(*f) for f in FLOWS] + [ARP]
    want = [0] * 4
    for f in FLOWS:
        want[expected_hash(*f) % 4] += 2
    want[0] += 2
    r = run(tmp_path, RSS_CONFIG, frames, [f"c{i}.count" for i in range(4)],
            options=["-j", "2", *(TSAN if tsan else [])])
    assert "ThreadSanitizer" not in r.stderr, r.stderr[-4000:]
    assert [int(r.handlers[f"c{i}.count"]) for i in range(4)] == want
