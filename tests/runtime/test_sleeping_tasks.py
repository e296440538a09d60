"""Tasks that sleep on empty notifiers (Click's Notifier::upstream_empty_signal; docs/runtime.md
"Sleeping tasks", compiler/backend/notifier.py): a pulling task whose Queues are empty is not
called until a push wakes it, nothing it should have pulled is left behind, and the tasks Click
would keep polling (behind a SimpleQueue, across threads) still poll.  Sources on full
notifiers (Notifier::downstream_full_signal): an InfiniteSource stops at a full Queue, with
no overflow, until a pull or a larger capacity makes room (Click's test/standard/
Queue-notifiers-01 and RatedUnqueue-01)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("clickc") is None, reason="needs the clickc command")


def _run(tmp_path: Path, text: str, *args: str) -> tuple[str, dict]:
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    stats = tmp_path / "stats.json"
    r = subprocess.run(["clickc", "run", *args, str(cfg), f"--stats={stats}", "-h", "d.count"],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip(), json.loads(stats.read_text())


def _calls(stats: dict) -> dict[str, int]:
    return {t["element"]: t["calls"] for th in stats["threads"] for t in th["tasks"]}


@pytest.mark.serial  # counts a rated source's polls per packet (wall clock)
def test_discard_sleeps_while_its_queue_is_empty(tmp_path: Path) -> None:
    # 40 packets 0.5 ms apart: the source's task runs every round, the Discard's only after a
    # push woke it (one call that pulls, one that finds the queue empty and sleeps).
    count, stats = _run(tmp_path, "src :: RatedSource(RATE 2000, LIMIT 40, STOP true)\n"
                                  "  -> q :: Queue(100) -> c :: Counter -> d :: Discard;\n")
    assert count == "40"
    calls = _calls(stats)
    assert calls["d"] <= 2 * 40 + 2, calls
    assert calls["src"] > 4 * calls["d"], calls
    th = stats["threads"][0]
    assert th["task_calls"] == sum(calls.values())


PRIO = """a :: RatedSource(RATE 3000, LIMIT 60, STOP false) -> qa :: Queue(1000);
b :: RatedSource(RATE 1000, LIMIT 20, STOP false) -> qb :: Queue(1000);
u :: Unqueue(BURST 4) -> q2 :: Queue(1000);
qa -> ca :: Counter -> [0]ps :: PrioSched -> u;
qb -> [1]ps;
q2 -> d :: Discard;
Script(wait 100ms, stop);
"""


@pytest.mark.serial  # rated sources must be done in a 100 ms wall-clock wait
def test_woken_tasks_deliver_every_packet(tmp_path: Path) -> None:
    # Two queues behind one PrioSched wake one Unqueue; its pushes wake the Discard behind q2.
    count, stats = _run(tmp_path, PRIO)
    assert count == "80"
    calls = _calls(stats)
    rounds = stats["threads"][0]["busy_rounds"] + stats["threads"][0]["idle_rounds"]
    assert calls["u"] < rounds // 4 and calls["d"] < rounds // 4, (calls, rounds)


def _signals(tmp_path: Path, text: str, *args: str, kind: str = "__upstream_empty") -> str:
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    out = tmp_path / "t.c"
    r = subprocess.run(["clickc", "compile", *args, str(cfg), "--emit", "c", "-o", str(out)],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return "\n".join(ln for ln in out.read_text().splitlines() if f"{kind}(void)" in ln)


def test_which_tasks_may_sleep(tmp_path: Path) -> None:
    # A Queue behind stateless elements and a scheduler: the task sleeps on both queues.
    c = _signals(tmp_path, PRIO)
    assert c.count("__upstream_empty(void)") == 2, c
    assert "_empty() && e" in c  # u waits on qa and qb
    # Click's SimpleQueue is no notifier: its Discard keeps polling.
    assert _signals(tmp_path, "InfiniteSource(LIMIT 5) -> SimpleQueue -> d :: Discard;") == ""
    # A pull source upstream (it makes packets) is a busy signal.
    assert _signals(tmp_path, "InfiniteSource(LIMIT 5) -> d :: Discard;") == ""
    # A Queue between threads (SPSC ring): the consumer polls, as before.
    two = ("s :: InfiniteSource(LIMIT 5) -> q :: Queue -> d :: Discard;\n"
           "StaticThreadSched(s 0, d 1);\n")
    assert _signals(tmp_path, two, "-j", "2") == ""
    assert _signals(tmp_path, two) != ""


def _click(tmp_path: Path, text: str) -> subprocess.CompletedProcess[str]:
    cfg = tmp_path / "f.click"
    cfg.write_text(text)
    return subprocess.run(["clickc", "run", "--simtime", str(cfg)], capture_output=True,
                          text=True, timeout=600, cwd=tmp_path)


def test_source_sleeps_on_a_full_queue(tmp_path: Path) -> None:
    # Click's Queue-notifiers-01 (values from Click): the source fills the Queue and stops
    # there, without an overflow; a smaller capacity keeps it asleep, a larger one wakes it.
    r = _click(tmp_path, "i :: InfiniteSource -> q :: Queue -> Idle;\n"
                         "DriverManager(wait 0.02s, print i.count, print q.drops, "
                         "write q.capacity 10, wait 0.02s, print i.count, "
                         "write q.capacity 1000, wait 0.02s, print i.count, print q.drops)\n")
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["1000", "0", "1000", "1990", "0"], r.stdout
    assert "overflow" not in r.stderr


def test_pulls_wake_the_sleeping_source(tmp_path: Path) -> None:
    # Click's RatedUnqueue-01 (first path): 2 packets a second leave a Queue(10) that the
    # source keeps full; every pull lets it push one more, none is dropped.
    r = _click(tmp_path, "i :: InfiniteSource -> q :: Queue(10) -> u :: RatedUnqueue(RATE 2) "
                         "-> c :: Counter -> Discard;\n"
                         "Script(wait 10, print c.count, print i.count, print q.drops, stop);\n")
    assert r.returncode == 0, r.stderr
    count, made, drops = r.stdout.split()
    assert count == "20" and int(made) == 20 + 10 and drops == "0", r.stdout


def test_which_sources_may_sleep(tmp_path: Path) -> None:
    full = "__downstream_full"
    c = _signals(tmp_path, "s :: InfiniteSource -> Counter -> q :: Queue -> Discard;", kind=full)
    assert c.count("_full()") == 1, c
    # Both Queues must be full (Click's signal is active while one of them has room).
    c = _signals(tmp_path, "s :: RandomSource(8) -> t :: Tee; t[0] -> Queue -> Discard; "
                           "t[1] -> Queue -> Discard;", kind=full)
    assert "_full() && e" in c, c
    # A sink on the way (Click's busy signal), a SimpleQueue (no notifier), a Queue between
    # threads: the source never sleeps.
    assert _signals(tmp_path, "s :: InfiniteSource -> t :: Tee; t[0] -> Queue -> Discard; "
                              "t[1] -> Discard;", kind=full) == ""
    assert _signals(tmp_path, "InfiniteSource -> SimpleQueue -> Discard;", kind=full) == ""
    two = ("s :: InfiniteSource(LIMIT 5) -> q :: Queue -> d :: Discard;\n"
           "StaticThreadSched(s 0, d 1);\n")
    assert _signals(tmp_path, two, "-j", "2", kind=full) == ""
