"""ARPResponder, ARPQuerier, HostEtherFilter, EtherRewrite, the switches, Suppressor, Align,
IPPrint and ToIPSummaryDump against Click on real captures.

Each case (cases.CASES) is one of our configurations in configs/ run on captures from
../shared/pcaps, several malformed or truncated; expected/NAME/STEM.json holds what Click's
userlevel driver produced (the command is in the file; record.py recorded them): exit status,
handler values, standard error (count and digest) and the digest of every output file.  The
compiled router must reproduce them, built normally and under AddressSanitizer and
UndefinedBehaviorSanitizer (no read outside a packet, no leak)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import elemharness

from . import cases
from .cases import CASES, EXPECTED, digest


def test_every_case_recorded() -> None:
    """Every case has at least one recorded run (record.py skips time-dependent ones)."""
    for name, (_, inputs) in CASES.items():
        assert any((EXPECTED / name / (p[:-5] + ".json")).exists() for p in inputs), name


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", elemharness.runs(cases))
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Exit status, handler values, standard error and output files equal Click's."""
    elemharness.check_against_click(cases, name, pcap, sanitize, tmp_path, digest)
