"""Fixtures shared by every test folder (helpers that are plain functions are in
tests/testlib.py)."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

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


# `make test` runs the suite in two parts (Makefile): most tests on two workers
# (pytest-xdist, `-n 2 -m "not serial"`), then the tests marked `serial` alone (`-m serial`):
# those that time something (rates, shapers, the scheduler's back-off, --adapt's moves, hot
# swaps, a wall-clock wait that must be long enough, linear-time ratios) or run routers whose
# threads need both CPUs to themselves.  A test that times nothing and runs one-thread routers
# (or none) runs on the workers, whatever its folder.  The mark is the test's own: set in its
# module (``pytestmark = pytest.mark.serial``) or on the test (``@pytest.mark.serial``), with
# the reason beside it (docs/testing.md, "How CI runs the suite").  The folders and files below
# do not set it themselves: their tests are marked here, except those marked ``workers`` (a
# test of such a folder that times nothing and runs one-thread routers, or none, with the
# reason beside the mark), so that a test added to them runs alone until it says otherwise.
SERIAL = ("reconfig", "devices", "frontend/test_scale.py")
_TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "serial: run without other tests beside it (Makefile)")
    config.addinivalue_line("markers", "workers: run on the workers although the folder is "
                            "in SERIAL (it times nothing; one-thread routers)")


#: A fixture built once for a module, a folder or the session.
_SHARED_SCOPE = re.compile(r"""scope\s*=\s*["'](module|package|session)["']""")


@functools.cache
def _shares_fixtures(path: str, root: Path) -> bool:
    """Whether the test file ``path`` (relative to ``root``) defines a module-, package- or
    session-scoped fixture."""
    try:
        return _SHARED_SCOPE.search((root / path).read_text(encoding="utf-8")) is not None
    except OSError:
        return False


class SharedFixtureScheduling(LoadScopeScheduling):
    """``--dist loadgroup`` as `make test` and .ci/run use it: each test is sent to whichever
    worker is free, as with ``--dist load``, except that the tests of a file that defines a
    module-, package- or session-scoped fixture (a router, a C harness, profiles built once for
    the module) all go to one worker, which builds the fixture once instead of once per worker.
    (pytest 9 no longer lets pytest-xdist 3.8 add a test's ``xdist_group`` to its id, which
    ``loadgroup``'s own scheduler reads; a group already in the id is still honoured.)"""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.rfind("@") > nodeid.rfind("]"):
            return nodeid.rsplit("@", 1)[-1]
        path = nodeid.split("::", 1)[0]
        return path if _shares_fixtures(path, self.config.rootpath) else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """The scheduler of ``--dist loadgroup``: :class:`SharedFixtureScheduling`."""
    if config.getvalue("dist") != "loadgroup":
        return None
    return SharedFixtureScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the tests under :data:`SERIAL` ``serial`` unless they are marked ``workers`` (the
    others set the mark themselves)."""
    for item in items:
        if item.get_closest_marker("workers") is not None:
            continue
        try:
            rel = Path(str(item.fspath)).resolve().relative_to(_TESTS).as_posix()
        except ValueError:
            continue
        if any(rel == s or rel.startswith(s + "/") for s in SERIAL):
            item.add_marker(pytest.mark.serial)
