"""FastClick's classes against FastClick, packet for packet (issue 19, FastClick's measurement
elements).

Each case (cases.CASES) is one of our configurations in configs/ run on crafted.pcap;
expected/NAME/STEM.json holds what FastClick's userlevel driver produced (the command is in
the file; tests/elemharness.py made them with ``FASTCLICK`` set): handler values, standard
error (digest) and the digest of every output file.  The compiled router must reproduce all
of them at -O1, plain and under AddressSanitizer and UndefinedBehaviorSanitizer, and plain at
-O0 and -O2.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import elemharness
from tests.testlib import run_config

from . import cases

test_against_fastclick = elemharness.against_click_test(cases)
test_every_case_recorded = elemharness.every_case_recorded_test(cases)


@pytest.mark.parametrize("level", cases.LEVELS)
@pytest.mark.parametrize("name,run,sanitize", [
    p for p in elemharness.runs(cases) if p.values[2] is False])
def test_levels(name: str, run: str, sanitize: bool, level: str, tmp_path: Path) -> None:
    """The same recordings at the other optimization levels; the two-thread cases not at
    -O0, which runs no pass and so puts every task on thread 0 whatever -j and
    StaticThreadSched say (docs/passes.md)."""
    if level == "-O0" and name in cases.THREADED:
        pytest.skip("-O0 runs every task on thread 0 (docs/passes.md)")
    elemharness.check_against_click(cases, name, run, sanitize, tmp_path, level)


@pytest.mark.parametrize("config", [
    "FromDump(x) -> r :: Replay(QUEUE 1) -> Discard;",
    "FromDump(x) -> r :: Replay(QUEUE 0) -> Discard;",
    "FromDump(x) -> r :: MultiReplay(1) -> Discard;",
])
def test_queue_below_two_refused(tmp_path: Path, config: str) -> None:
    """A ring of QUEUE slots holds QUEUE - 1 packets: FastClick's Replay and MultiReplay never
    send with QUEUE 1 and write outside the ring with QUEUE 0; clickc refuses both, located."""
    p = run_config(tmp_path, config)
    assert p.returncode == 1
    assert "r.click:1: While configuring 'r :: " in p.stderr
    assert "QUEUE must be at least 2 (a ring of QUEUE slots holds QUEUE - 1 packets)" \
        in p.stderr
