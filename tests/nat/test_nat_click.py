"""The NAT elements against Click on real captures.

Each case (cases.CASES) is one of our configurations in configs/ run on captures from
../shared/pcaps; expected/NAME/STEM/ holds what Click's userlevel driver produced
(tests/elemharness.py; the command is in command.txt): standard output (handler values, Script
output), standard error and the digest of every output file.  The compiled router must
reproduce them exactly: the rewritten packets both ways, the mapping tables in Click's order,
the counts, and the mappings' disappearance after their timeouts (the timeouts case).  The
cases of cases.SANITIZED also run built under AddressSanitizer and
UndefinedBehaviorSanitizer."""

from __future__ import annotations

from tests import elemharness

from . import cases

test_every_case_recorded = elemharness.every_case_recorded_test(cases)
test_against_click = elemharness.against_click_test(cases)
