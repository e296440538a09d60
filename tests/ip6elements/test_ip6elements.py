"""The IPv6 elements against Click, packet for packet (CheckIP6Header, GetIP6Address,
LookupIP6Route with its handlers, DecIP6HLIM, ICMP6Error, IP6NDAdvertiser, IP6NDSolicitor).

Each case (cases.CASES) is one of our configurations in configs/ run on real captures with
IPv6 traffic from ../shared/pcaps and on crafted6.pcap (crafted.py); expected/NAME/STEM.json
holds what Click's userlevel driver (built with --enable-ip6) produced: handler values,
standard error (digest) and the digest of every output capture; the command is in the file
(record.py made them).  The compiled router must reproduce all of them, once built normally
and once under AddressSanitizer and UndefinedBehaviorSanitizer (truncated packets must never
be read out of bounds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import elemharness

from . import cases
from .cases import pcap_digest


def test_every_case_recorded() -> None:
    """Every case and input has an expected file (a missing one would skip silently)."""
    assert elemharness.unrecorded(cases) == []


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", elemharness.runs(cases))
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Handler values, standard error and output captures equal Click's."""
    elemharness.check_against_click(cases, name, pcap, sanitize, tmp_path, pcap_digest)
