"""Fixtures shared by every test folder (helpers that are plain functions are in
tests/testlib.py)."""

from __future__ import annotations

import os
from pathlib import Path

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


# `make test` runs the suite in two parts (Makefile): most tests on two workers
# (pytest-xdist, `-n 2 -m "not serial"`), then these alone (`-m serial`): tests that time
# something (rates, shapers, the scheduler's back-off, --adapt's moves, hot swaps, fuzzing
# budgets, linear-time ratios) or run routers whose threads need both CPUs to themselves.
SERIAL = ("smp", "runtime", "reconfig", "sched", "io", "devices", "profiles", "qos",
          "fuzz/test_config_fuzz.py", "fuzz/test_pcap.py", "frontend/test_scale.py",
          "moreelements/test_ratemon.py")
#: Files under those folders that time nothing and run one-thread routers (compared with
#: Click's recorded output, or C unit tests): they run on the two workers.
NOT_SERIAL = ("runtime/test_fromdump.py", "runtime/test_handler_params.py",
              "runtime/test_pool.py", "runtime/test_write_handler_errors.py",
              "runtime/test_uniqueify_headroom.py", "sched/test_red_errors.py")
_TESTS = Path(__file__).resolve().parent


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "serial: run without other tests beside it (Makefile)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Marks the tests under :data:`SERIAL` ``serial``."""
    for item in items:
        try:
            rel = Path(str(item.fspath)).resolve().relative_to(_TESTS).as_posix()
        except ValueError:
            continue
        if rel in NOT_SERIAL:
            continue
        if any(rel == s or rel.startswith(s + "/") for s in SERIAL):
            item.add_marker(pytest.mark.serial)
