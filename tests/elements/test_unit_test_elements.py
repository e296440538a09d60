"""Click's unit-test elements that clickc implements (elements/test/): their output against
what Click's userlevel driver printed for the same configuration (recorded below with
``$CLICK_PREFIX/bin/click``; re-checked against it when CLICK_PREFIX is set, tests/oracle.py).

- TokenBucketTest runs the cases of Click's tokenbuckettest.cc on clickc's token bucket
  (standard/cktokenbucket.h) when initialized (Click's test/standard/tokenbucket-01).
- QueueYankTest checks a Queue's pull, yank1 and yank (standard/ckqueue_local.h) when the
  router starts (Click's test/standard/Queue-yank-01), on Queue, SimpleQueue and
  NotifierQueue, declared before or after the test element; a QUEUE that is no Queue is
  refused with Click's message.
- NotifierDebug prints its input's notifier signal in Click's notation: the upstream empty
  signal of 42 NotifierQueues behind a RoundRobinSched (two signal words; declared in both
  orders, so the active queue's bit is in either word) while a source fills one of them, and
  Discard's task sleeps behind the RoundRobinSched and a PullSwitch as Click's does
  (``d.scheduled``; Click's test/standard/notifier-05); the downstream full and upstream
  empty signals around a QuickNoteQueue (test/standard/QuickNoteQueue-01).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests import oracle


def _notifier_config(reverse: bool) -> str:
    """Click's notifier-05 configuration: 42 NotifierQueues (declared q00 first, or q41
    first with ``reverse``) behind a RoundRobinSched, q00 fed by an InfiniteSource that is
    switched on for 0.1 s."""
    order = range(41, -1, -1) if reverse else range(42)
    decls = "".join(f"q{i:02d} :: NotifierQueue(5);\n" for i in order)
    links = "".join(f"x [{i - 1}] -> q{i:02d} -> [{i}] s;\n" for i in range(2, 42))
    return (decls + "i :: InfiniteSource(ACTIVE false) -> q00 -> s :: RoundRobinSched\n"
            "  -> n :: NotifierDebug -> sw :: PullSwitch(0) -> d :: Discard;\n"
            "x :: Idle -> q01 -> [1] s;\n" + links +
            "DriverManager(wait 0.1s, print n.signal, print d.scheduled,\n"
            "  write i.active true, wait 0.1s, print n.signal, print d.scheduled,\n"
            "  write i.active false, wait 0.1s, print n.signal, print d.scheduled, stop)\n")


_QUICKNOTE = """i :: InfiniteSource(LIMIT 1, ACTIVE false) -> d1 :: NotifierDebug
  -> q :: QuickNoteQueue -> d2 :: NotifierDebug -> s :: PullSwitch
  -> c :: Counter(COUNT_CALL 1 s.switch 1) -> d :: Discard;
Idle -> [1] s;
DriverManager(wait 0.01s, print d1.signal, print d2.signal, write i.active true, wait 0.01s,
  print d1.signal, print d2.signal, write s.switch 1, wait 0.01s,
  print d1.signal, print d2.signal, stop)
"""

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
    "notifierdebug_42_queues": (
        ["-e", _notifier_config(False)], 0, "",
        "empty.0/ffffffff:0+empty.1/3ff:0\nfalse\n"
        "empty.0/ffffffff:1*+empty.1/3ff:0\ntrue\n"
        "empty.0/ffffffff:0+empty.1/3ff:0\nfalse\n"),
    "notifierdebug_42_queues_reversed": (
        ["-e", _notifier_config(True)], 0, "",
        "empty.0/ffffffff:0+empty.1/3ff:0\nfalse\n"
        "empty.0/ffffffff:0+empty.1/3ff:200*\ntrue\n"
        "empty.0/ffffffff:0+empty.1/3ff:0\nfalse\n"),
    "notifierdebug_quicknotequeue": (
        ["--simtime", "-e", _QUICKNOTE], 0, "", "full.0/1:1*\nempty.0/2:0\n" * 3),
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
