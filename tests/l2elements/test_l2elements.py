"""ARPResponder, ARPQuerier, HostEtherFilter, EtherRewrite, the switches, Suppressor, Align,
IPPrint and ToIPSummaryDump against Click on real captures.

Each case (cases.CASES) is one of our configurations in configs/ run on captures from
../shared/pcaps, several malformed or truncated; expected/NAME/STEM.json holds what Click's
userlevel driver produced (the command is in the file; tests/elemharness.py recorded them):
exit status, handler values, standard error (count and digest) and the digest of every output
file.  The compiled router must reproduce them, built normally and under AddressSanitizer and
UndefinedBehaviorSanitizer (no read outside a packet, no leak)."""

from __future__ import annotations

from tests import elemharness

from . import cases
from .cases import CASES, EXPECTED


def test_every_case_recorded() -> None:
    """Every case has at least one recorded run (the recorder skips time-dependent ones)."""
    for name, (_, inputs) in CASES.items():
        assert any((EXPECTED / name / (p[:-5] + ".json")).exists() for p in inputs), name


test_against_click = elemharness.against_click_test(cases)
