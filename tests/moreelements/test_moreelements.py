"""The new element classes against Click, packet for packet, on real and crafted captures.

Each case (cases.CASES) is one of our configurations in configs/ run on real captures from
../shared/pcaps; expected/NAME/STEM.json holds what Click's userlevel driver produced (the
command is in the file; record.py made them): handler values, standard error (digest) and the
digest of every output capture.  The compiled router must reproduce all of them, once built
normally and once under AddressSanitizer and UndefinedBehaviorSanitizer (malformed and
truncated packets must never be read out of bounds).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests import elemharness

from . import cases
from .cases import file_digest


@pytest.mark.parametrize("sanitize", [False, True], ids=["plain", "asan"])
@pytest.mark.parametrize("name,pcap", elemharness.runs(cases))
def test_against_click(name: str, pcap: str, sanitize: bool, tmp_path: Path) -> None:
    """Handler values, standard error and output captures equal Click's."""
    elemharness.check_against_click(cases, name, pcap, sanitize, tmp_path, file_digest)
