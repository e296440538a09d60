"""Fixtures of tests/backend."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def object_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory for ``BuildOptions.cache_dir`` (compiler/backend/cc.py), the same for every
    build of the session (one per xdist worker): the runtime's objects are keyed by compiler,
    flags and sources, so builds of many routers with the same compiler and flags compile the
    runtime once and each router's own C each time.  (Defined here, not in a test file, so
    that tests/conftest.py's scheduler still spreads the file's tests over both workers.)"""
    return tmp_path_factory.mktemp("clickc-cache")
