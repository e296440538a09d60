"""The runtime's C unit tests (tests/runtime/c/test_runtime.c) and its program interface.

The harness links runtime/*.c directly and is built with clang and gcc under
``-Wall -Wextra -Werror``, and with clang under AddressSanitizer + UndefinedBehaviorSanitizer
(a sanitizer report fails the run).  Besides the unit tests it runs ``ck_main`` on a small
hand-written router so the command line and the ``-h`` format can be checked.  Expected
``-h`` formats were recorded from Click's userlevel driver, e.g.
``click t1.click -h c.count`` (one handler: only the value) and
``click t1.click -h c.count -h q.drops`` ("NAME:", value, blank line) with
t1.click = ``s :: InfiniteSource(LIMIT 5, STOP true) -> c :: Counter -> q :: Queue(3) ->
u :: Unqueue -> Discard;``; errors: ``no 'c.nosuch' handler``, ``'c.reset' is a write
handler``, ``no element 'nosuch'`` with exit status 1.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

import pytest

from .routers import SANITIZE, run

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "runtime"
HARNESS = Path(__file__).parent / "c" / "test_runtime.c"

BUILDS = [("clang", []), ("gcc", []), ("clang", ["-g", *SANITIZE])]


def _build(tmp: Path, cc: str, extra: list[str]) -> Path:
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    out = tmp / f"test_runtime_{cc}{'_san' if extra else ''}"
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-D_GNU_SOURCE", "-O1", *extra,
           f"-I{RUNTIME}", str(HARNESS), *sorted(str(p) for p in RUNTIME.glob("*.c")),
           "-lpcap", "-lm", "-pthread", "-lnuma", "-o", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sanitizer build (BUILDS[2]), used by the unit and program-interface tests."""
    return _build(tmp_path_factory.mktemp("rt"), *BUILDS[2])


@pytest.mark.parametrize("cc,extra", BUILDS[:2], ids=["clang", "gcc"])
def test_unit(tmp_path: Path, cc: str, extra: list[str]) -> None:
    prog = _build(tmp_path, cc, extra)
    r = run(prog, "unit")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ")


def test_unit_sanitized(harness: Path) -> None:
    """The unit tests in the sanitizer build (the program-interface tests' harness)."""
    r = run(harness, "unit")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ")


def test_unit_tsan(tmp_path: Path) -> None:
    """The unit tests (two threads among them) under ThreadSanitizer: the TSan job only."""
    from tests.testlib import require_tsan

    from .test_rings import TSAN_FLAGS

    require_tsan(tmp_path)
    prog = _build(tmp_path, "clang", TSAN_FLAGS)
    r = subprocess.run([str(prog), "unit"], capture_output=True, text=True, timeout=300,
                       env={**os.environ, "TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok ")


def test_one_handler_prints_only_the_value(harness: Path) -> None:
    r = run(harness, "-h", "c.count")
    assert (r.returncode, r.stdout, r.stderr) == (0, "5\n", "")


def test_several_handlers_print_names_and_blank_lines(harness: Path) -> None:
    r = run(harness, "-h", "c.count", "-h", "q.length", "-h", "q.data", "LIMIT=9")
    assert r.returncode == 0, r.stderr
    # q.length's value already ends in a newline: none is added
    assert r.stdout == "c.count:\n9\n\nq.length:\n3\n\nq.data:\nline1\nline2\n\n"


def test_handler_errors_in_clicks_words(harness: Path) -> None:
    r = run(harness, "-h", "c.nosuch", "-h", "c.reset", "-h", "nosuch.count", "-h", "c.count")
    assert r.returncode == 1
    assert r.stderr.splitlines() == ["no 'c.nosuch' handler", "'c.reset' is a write handler",
                                     "no element 'nosuch'"]
    assert r.stdout == "c.count:\n5\n\n"


def test_patterns_and_class_names_expand(harness: Path) -> None:
    r = run(harness, "-h", "c*.count")
    assert r.stdout == "c.count:\n5\n\nc2.count:\n5\n\n"
    r = run(harness, "-h", "Counter.count")
    assert r.stdout == "c.count:\n5\n\nc2.count:\n5\n\n"
    r = run(harness, "-h", "z*.count")
    assert r.returncode == 1 and r.stderr == "no element matching 'z*'\n"


def test_generic_handlers(harness: Path) -> None:
    r = run(harness, "-h", "c.class", "-h", "s.config", "-h", "s.name", "-h", "list")
    assert r.stdout == ("c.class:\nCounter\n\ns.config:\nLIMIT 5\n\ns.name:\ns\n\n"
                        "list:\n4\ns\nc\nq\nc2\n\n")


def test_quit_does_not_run(harness: Path) -> None:
    r = run(harness, "-q", "-h", "c.count")
    assert (r.returncode, r.stdout) == (0, "0\n")


def test_parameters(harness: Path) -> None:
    assert run(harness, "LIMIT=12", "-h", "c.count").stdout == "12\n"
    r = run(harness, "NOPE=1")
    assert r.returncode == 1 and "no parameter NOPE" in r.stderr
    r = run(harness, "--frobnicate")
    assert r.returncode == 1 and "unrecognized option '--frobnicate'" in r.stderr
    r = run(harness, "--help")
    assert r.returncode == 0 and "LIMIT=5  packets to emit" in r.stdout


def test_init_error_is_reported_with_context(harness: Path) -> None:
    r = run(harness, "LIMIT=-1")
    assert r.returncode == 1
    assert r.stderr == ("t.click:1: While initializing 's :: InfiniteSource':\n"
                        "  LIMIT must be >= 0\nRouter could not be initialized!\n")


def test_exit_handler(harness: Path) -> None:
    assert run(harness, "-x", "c.count", "LIMIT=3").returncode == 3
    r = run(harness, "-x", "q.data")
    # as click: a failing exit handler makes main return -1, exit status 255
    assert r.returncode == 255 and "exit handler value should be integer" in r.stderr


def test_stats_json(harness: Path, tmp_path: Path) -> None:
    out = tmp_path / "s.json"
    r = run(harness, f"--stats={out}", "LIMIT=1000")
    assert r.returncode == 0, r.stderr
    st = json.loads(out.read_text())
    assert [e["name"] for e in st["elements"]] == ["s", "c", "q", "c2"]
    t = st["threads"][0]
    assert t["packets"] == 1000 and t["elapsed_s"] > 0
    assert t["mpps"] == pytest.approx(1000 / t["elapsed_s"] / 1e6, rel=1e-3)
    assert t["ns_per_packet"] == pytest.approx(t["elapsed_s"] * 1e9 / 1000, rel=1e-3)
    assert t["tasks"][0]["element"] == "s" and t["tasks"][0]["packets"] == 1000
    # CPU time of the task loop: at most the elapsed time (one thread)
    assert 0 <= t["cpu_s"] <= t["elapsed_s"] + 0.01
    assert t["cpu_ns_per_packet"] == pytest.approx(t["cpu_s"] * 1e9 / 1000, rel=1e-3, abs=1e-3)
    # --stats FILE (separate word) and --stats alone (standard error)
    out2 = tmp_path / "s2.json"
    assert run(harness, "--stats", str(out2)).returncode == 0
    assert json.loads(out2.read_text())["threads"][0]["packets"] == 5
    r = run(harness, "--stats")
    assert json.loads(r.stderr)["threads"][0]["packets"] == 5


@pytest.mark.serial  # a wall-clock wait must outlast the program's start
def test_sigint_stops_and_prints(harness: Path) -> None:
    """An endless source: SIGINT stops the driver; handlers are still printed."""
    env_run = subprocess.Popen([str(harness), "LIMIT=100000000000", "-h", "c.count"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        import time
        time.sleep(0.3)
        env_run.send_signal(signal.SIGINT)
        out, err = env_run.communicate(timeout=30)
    finally:
        if env_run.poll() is None:
            env_run.kill()
    assert env_run.returncode == 0, err
    assert int(out) > 0
