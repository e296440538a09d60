"""A swap that changes -j (docs/reconfiguration.md, "Changing -j"): a configuration text with a
``// clickc: -j N`` line (``clickc reload -j N``) is compiled for N threads and the state moves
to the new threads: a Queue's packets, a Counter's counts between a one-thread Counter and one
that several threads execute (per-thread slots), drop counts; later swaps keep the new -j.
``--adapt`` keeps working across such swaps (its measurements restart with each router)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .hotlib import HotRouter, steady

#: Two sources on two threads at -j 2 (StaticThreadSched, followed from -O1) into one Counter
#: (then executed by both threads: per-thread slots), a Queue, one Unqueue.
TWO = """\
s1 :: RatedSource(RATE 1500, LIMIT -1) -> c :: Counter -> q :: Queue(CAP);
s2 :: RatedSource(RATE 1500, LIMIT -1) -> c;
q -> u :: RatedUnqueue(RATE 2500) -> c2 :: Counter -> Discard;
StaticThreadSched(s1 0, s2 1, u 1);
"""


def two(capacity: int, threads: int | None = None) -> str:
    text = TWO.replace("CAP", str(capacity))
    return text + (f"// clickc: -j {threads}\n" if threads is not None else "")


def _swap_threads(tmp_path: Path, options: tuple[str, ...], env: dict[str, str] | None = None,
                  tsan: bool = False) -> tuple[str, dict[str, int], int]:
    """Run TWO at -j 1, swap to -j 2, to -j 1 (``clickc reload -j 1``), then once without a
    ``-j`` line; check that counts never go back and that every packet counted by ``c`` is
    pulled, held or dropped.  With ``tsan`` no handler is read while two threads run (``c2``
    is then counted on the second thread: reading it from the ControlSocket's is Click's
    unsynchronized read, not the swap's).  Returns (stderr, final counts, drops of --stats)."""
    stats = tmp_path / "stats.json"
    with HotRouter(tmp_path, two(1000), *options, f"--stats={stats}", env=env) as r:
        assert r.control is not None
        ctl = r.control
        time.sleep(0.3)
        last = {"c": 0, "c2": 0}
        for k, (cap, threads) in enumerate([(900, 2), (800, 1), (700, None)]):
            if k == 1:   # through clickc reload -j
                f = tmp_path / "v.click"
                f.write_text(two(cap))
                res = subprocess.run([sys.executable, "-m", "clickc", "reload", "-j", "1",
                                      str(r.port), str(f)], capture_output=True, text=True,
                                     timeout=600)
                assert res.returncode == 0, res.stderr
            else:
                code, lines = ctl.hotconfig(two(cap, threads))
                assert code == 200, lines
            assert ctl.read("q.capacity") == str(cap)
            if tsan and threads == 2:
                time.sleep(0.4)
                continue
            for name in last:                       # counts continue across the -j change
                v = int(ctl.read(f"{name}.count"))
                assert v >= last[name], (k, name)
                last[name] = v
            time.sleep(0.4)
            assert int(ctl.read("c.count")) > last["c"]   # the new threads run
        # a malformed -j line: Click's answer shape, the router runs on
        code, lines = ctl.hotconfig(two(600) + "// clickc: -j lots\n")
        assert code == 520 and "'// clickc:' takes one option" in lines[-1], lines
        assert ctl.read("q.capacity") == "700"
        for s in ("s1", "s2"):
            assert ctl.command(f"WRITE {s}.active false")[0] == 200
        c, c2, held = steady(ctl, "c.count", "c2.count", "q.length", pause=0.2)
        status, _, err = r.stop()
    assert status == 0, err
    report = json.loads(stats.read_text())
    drops = sum(e["drops"] for e in report["elements"])
    assert c == c2 + held + drops, (c, c2, held, drops)   # no packet lost at a -j change
    assert c >= last["c"]
    return err, {"c": c, "c2": c2}, drops


def test_swap_changes_threads_and_back(tmp_path: Path) -> None:
    err, counts, _ = _swap_threads(tmp_path, ("-O1", "-j", "1"))
    changes = [line for line in err.splitlines() if "threads" in line
               and line.startswith("hotconfig: switched")]
    assert [line.split(" from ")[1] for line in changes] == ["1 to 2 threads", "2 to 1 threads"]
    assert err.count("hotconfig: switched in") == 3   # the third swap stayed at -j 1
    assert counts["c2"] > 0


@pytest.mark.workers  # reads generated C only
def test_counter_slots_move_between_thread_counts(tmp_path: Path) -> None:
    """At -j 2 the Counter ``c`` is executed by both sources' threads (per-thread slots, the
    generated code says ELEMENT_NTHREADS 2); at -j 1 by one: its count moves both ways."""
    found = []
    (tmp_path / "two.click").write_text(two(10))
    for threads in ("1", "2"):
        res = subprocess.run([sys.executable, "-m", "clickc", "compile", "-O1", "-j", threads,
                              "--emit", "c", "two.click", "-o", "-"],
                             capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert res.returncode == 0, res.stderr
        block = res.stdout.split("standard/counter.c")[0].rsplit("ELEMENT_NTHREADS", 1)[1]
        found.append(block.split()[0])
    assert found == ["1", "2"]


def test_adapt_keeps_working_across_swaps(tmp_path: Path) -> None:
    """A router built with --adapt (tasks re-balanced between threads every epoch) swapped at
    -j 2 and to -j 1 and back: it forwards on, counts continue; the re-balancing restarts from
    each new router's placement."""
    stats = tmp_path / "stats.json"
    with HotRouter(tmp_path, two(1000), "-O1", "-j", "2", "--adapt=20",
                   f"--stats={stats}") as r:
        assert r.control is not None
        ctl = r.control
        last = 0
        for cap, threads in [(900, None), (800, 1), (700, 2)]:
            time.sleep(0.4)
            code, lines = ctl.hotconfig(two(cap, threads))
            assert code == 200, lines
            v = int(ctl.read("c.count"))
            assert v >= last
            last = v
        time.sleep(0.4)
        assert int(ctl.read("c.count")) > last
        status, _, err = r.stop()
    assert status == 0, err
    assert "adapt" in json.loads(stats.read_text())


def test_swap_changes_threads_tsan(tsan_ok: None, tmp_path: Path) -> None:
    """The -j change under ThreadSanitizer (the TSan job): threads stopped and joined, the
    state moved on thread 0, the new threads started; handlers read only Counters (Click's
    unsynchronized reads are the reads of Counter slots, made with relaxed atomics)."""
    options = ("-O1", "-j", "1", "--cc", "clang", "--cflags=-g -fsanitize=thread",
               "--ldflags=-fsanitize=thread")
    err, _, _ = _swap_threads(tmp_path, options,
                              env={"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}, tsan=True)
    assert "ThreadSanitizer" not in err, err
