"""The pull schedulers and queue variants against Click: each case of cases.CASES, compiled
by clickc and run, must reproduce what Click's userlevel driver did (expected/NAME/STEM.json,
recorded by tests/elemharness.py with the command kept in the file): exit status, standard
output (handler values, DriverManager prints), standard error (overflow messages, Print lines)
and every output capture byte for byte; once built normally and once under AddressSanitizer
and UndefinedBehaviorSanitizer."""

from __future__ import annotations

from tests import elemharness

from . import cases

# every case must have its recording (a missing one fails rather than being skipped)
test_against_click = elemharness.against_click_test(cases, only_recorded=False)
