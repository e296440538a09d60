"""Fixtures shared by every test folder (helpers that are plain functions are in
tests/testlib.py)."""

from __future__ import annotations

import pytest

from tests.testlib import require_tsan


@pytest.fixture(scope="module")
def tsan_ok(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Skips the module's ThreadSanitizer tests outside the TSan job or without clang's TSan
    runtime (tests/testlib.py require_tsan)."""
    require_tsan(tmp_path_factory.mktemp("tsan"))
