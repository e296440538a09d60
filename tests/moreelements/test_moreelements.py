"""The new element classes against Click, packet for packet, on real and crafted captures.

Each case (cases.CASES) is one of our configurations in configs/ run on real captures from
../shared/pcaps and on crafted.pcap; expected/NAME/STEM.json holds what Click's userlevel
driver produced (the command is in the file; tests/elemharness.py made them): handler values,
standard error (digest) and the digest of every output file.  The compiled router must
reproduce all of them, once built normally and once under AddressSanitizer and
UndefinedBehaviorSanitizer (malformed and truncated packets must never be read out of bounds).
"""

from __future__ import annotations

from tests import elemharness

from . import cases

test_against_click = elemharness.against_click_test(cases)
