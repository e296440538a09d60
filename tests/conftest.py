"""Fixtures shared by every test folder (helpers that are plain functions are in
tests/testlib.py)."""

from __future__ import annotations

import os

import pytest

from tests.testlib import require_tsan


@pytest.fixture(scope="module")
def tsan_ok(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Skips the module's ThreadSanitizer tests outside the TSan job or without clang's TSan
    runtime (tests/testlib.py require_tsan)."""
    require_tsan(tmp_path_factory.mktemp("tsan"))


# The cost model's plans are priced with the nominal machine in tests (passes/machine.py:
# CLICKC_MACHINE), so no plan depends on the cross-CPU round trip of the minute the suite runs
# in; tests of the calibration set it themselves.
os.environ.setdefault("CLICKC_MACHINE", "nominal")
