"""Tasks that sleep on empty notifiers (Click's Notifier::upstream_empty_signal; docs/runtime.md
"Sleeping tasks", compiler/backend/notifier.py): a pulling task whose Queues are empty is not
called until a push wakes it, nothing it should have pulled is left behind, and the tasks Click
would keep polling (behind a SimpleQueue, across threads) still poll."""

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


def test_woken_tasks_deliver_every_packet(tmp_path: Path) -> None:
    # Two queues behind one PrioSched wake one Unqueue; its pushes wake the Discard behind q2.
    count, stats = _run(tmp_path, PRIO)
    assert count == "80"
    calls = _calls(stats)
    rounds = stats["threads"][0]["busy_rounds"] + stats["threads"][0]["idle_rounds"]
    assert calls["u"] < rounds // 4 and calls["d"] < rounds // 4, (calls, rounds)


def _signals(tmp_path: Path, text: str, *args: str) -> str:
    cfg = tmp_path / "t.click"
    cfg.write_text(text)
    out = tmp_path / "t.c"
    r = subprocess.run(["clickc", "compile", *args, str(cfg), "--emit", "c", "-o", str(out)],
                       capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    return "\n".join(ln for ln in out.read_text().splitlines() if "__upstream_empty(void)" in ln)


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
