"""Click's unit-test elements that clickc implements (elements/test/): their output against
what Click's userlevel driver printed for the same configuration (recorded below with
``$CLICK_PREFIX/bin/click``; re-checked against it when CLICK_PREFIX is set, tests/oracle.py).

- TokenBucketTest runs the cases of Click's tokenbuckettest.cc on clickc's token bucket
  (standard/cktokenbucket.h) when initialized (Click's test/standard/tokenbucket-01).
- QueueYankTest checks a Queue's pull, yank1 and yank (standard/ckqueue_local.h) when the
  router starts (Click's test/standard/Queue-yank-01), on Queue, SimpleQueue and
  NotifierQueue, declared before or after the test element; a QUEUE that is no Queue is
  refused with Click's message.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import oracle

_YANK = "DriverManager(wait_time 0.1s, stop)"
_YANK_PASS = "qyt :: QueueYankTest: All tests pass!\n"

#: name: (click arguments, exit status, standard error Click printed, standard output)
CASES: dict[str, tuple[list[str], int, str, str]] = {
    "tokenbuckettest": (
        ["-qe", "TokenBucketTest"], 0,
        "config:1: While initializing 'TokenBucketTest@1 :: TokenBucketTest':\n"
        "  All tests pass!\n", ""),
    "queueyank_queue": (
        ["--simtime", "-e", f"Idle -> q::Queue(6) -> Idle; qyt::QueueYankTest(q); {_YANK}"],
        0, _YANK_PASS, ""),
    "queueyank_simplequeue_after": (
        ["--simtime", "-e",
         f"qyt::QueueYankTest(q); Idle -> q::SimpleQueue(5) -> Idle; {_YANK}"],
        0, _YANK_PASS, ""),
    "queueyank_notifierqueue": (
        ["--simtime", "-e",
         f"qyt::QueueYankTest(q); Idle -> q::NotifierQueue(6) -> Idle; {_YANK}"],
        0, _YANK_PASS, ""),
    "queueyank_not_a_queue": (
        ["--simtime", "-e",
         f"qyt::QueueYankTest(i); i::Idle -> q::SimpleQueue(6) -> Idle; {_YANK}"], 1,
        "config:1: While configuring 'qyt :: QueueYankTest':\n"
        "  QUEUE argument must be a Queue element\nRouter could not be initialized!\n", ""),
}


def _run(driver: list[str], args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(driver + args, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", sorted(CASES))
def test_recorded(name: str) -> None:
    args, status, stderr, stdout = CASES[name]
    p = _run([sys.executable, "-m", "clickc", "run"], args)
    assert (p.returncode, p.stderr, p.stdout) == (status, stderr, stdout)


@pytest.mark.parametrize("name", sorted(CASES))
def test_recording_is_clicks(name: str) -> None:
    click = oracle.require_click_tool()
    args, status, stderr, stdout = CASES[name]
    p = _run([str(click)], args)
    assert (p.returncode, p.stderr, p.stdout) == (status, stderr, stdout)


def test_queueyank_refuses_a_queue_between_threads() -> None:
    """A Queue whose packets cross threads has no yank operations: a located error, exit 1
    (Click has no such Queue)."""
    p = _run([sys.executable, "-m", "clickc", "run"], [
        "-j", "2", "--simtime", "-e",
        "qyt::QueueYankTest(q); is::InfiniteSource(LIMIT 3) -> q::Queue(6) -> u::Unqueue "
        f"-> Discard; StaticThreadSched(is 0, u 1); {_YANK}"])
    assert p.returncode == 1
    assert p.stderr.startswith("config:1: While initializing 'qyt :: QueueYankTest':\n"
                               "  QUEUE must run on one thread"), p.stderr
