"""``clickc run -R`` and Click's ``hotconfig`` handler (docs/reconfiguration.md): a swap
answers 200 and the new graph runs with the kept elements' state; a broken configuration
answers 520 with Click's message and the old router runs on."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .hotlib import HotRouter, pcap_times, steady

COUNTING = """\
src :: RatedSource(RATE 2000, LIMIT -1)
    -> c :: Counter -> q :: Queue(100) -> u :: Unqueue -> c2 :: Counter -> Discard;
"""


@pytest.mark.workers  # counts and answers only, one thread
def test_swap_keeps_counts_and_runs_new_graph(tmp_path: Path) -> None:
    with HotRouter(tmp_path, COUNTING, "-O0", "-h", "c.count", "-h", "extra.count") as r:
        assert r.control is not None
        ctl = r.control
        before = int(ctl.read("c.count"))
        new = (COUNTING.replace("Queue(100)", "Queue(50)")
               .replace("c2 ::", "extra :: Counter -> c2 ::"))
        code, lines = ctl.hotconfig(new)
        assert (code, lines) == (200, ["200 Write handler 'hotconfig' OK"])
        after = int(ctl.read("c.count"))
        assert after >= before > 0           # Counter counts continue (Click restarts them)
        assert ctl.read("q.capacity") == "50"   # the new configuration runs
        ctl.command("READ extra.count")
        # a broken configuration: Click's answer and message; the old router runs on
        code, lines = ctl.hotconfig(new.replace("Counter -> c2", "Counterx -> c2"))
        assert code == 520
        assert lines == ["520-Write handler 'hotconfig' error:",
                         "520 config:2: unknown element class 'Counterx'"]
        assert int(ctl.read("c.count")) >= after
        assert ctl.read("q.capacity") == "50"
        # clickc reload sends a file the same way; its exit status and the router's messages
        bad = tmp_path / "bad.click"
        bad.write_text(new.replace("Queue(50)", "Queue(-3)"))
        res = subprocess.run([sys.executable, "-m", "clickc", "reload", str(r.port), str(bad)],
                             capture_output=True, text=True, timeout=300)
        assert res.returncode == 1
        assert res.stderr.startswith("Write handler 'hotconfig' error:\nconfig:2: ")
        assert ctl.read("q.capacity") == "50"
        status, out, err = r.stop()
    assert status == 0, err
    assert "hotconfig: switched in" in err
    counts = out.split()
    assert counts[0] == "c.count:" and int(counts[1]) >= after
    assert counts[2] == "extra.count:" and int(counts[3]) > 0


HOLDING = """\
src :: InfiniteSource(LIMIT 200, BURST 1)
    -> q :: Queue(100) -> ru :: RatedUnqueue(RATE 1) -> rt :: RadixIPLookup(0.0.0.0/0 0)
    -> c2 :: Counter -> Discard;
"""


@pytest.mark.workers  # counts (every packet accounted for) only, one thread
def test_queue_contents_move_and_overflow_counts_as_drops(tmp_path: Path) -> None:
    """A Queue's packets move to a smaller Queue (the overflow counts as drops with a
    reason); a route table whose configuration did not change keeps a route added by its
    handler."""
    stats = tmp_path / "stats.json"
    with HotRouter(tmp_path, HOLDING, "-O0", f"--stats={stats}") as r:
        assert r.control is not None
        ctl = r.control
        # room for 100 (and the pulled): the source sleeps on the full Queue (Click's full
        # notifier), so what it pushed is held, pulled (one a second) or, if it ever
        # overflowed, dropped
        first_drops, held, pulled, pushed = steady(ctl, "q.drops", "q.length", "c2.count",
                                                    "src.count")
        assert first_drops + held + pulled == pushed and held >= 90
        # the source stops refilling what RatedUnqueue pulls: the total is fixed from here
        assert ctl.command("WRITE src.active false")[0] == 200
        first_drops, held, pulled, pushed = steady(ctl, "q.drops", "q.length", "c2.count",
                                                    "src.count")
        assert ctl.command("WRITE rt.add 10.0.0.0/8 0")[0] == 200   # a route by handler
        new = HOLDING.replace("src :: InfiniteSource(LIMIT 200, BURST 1)", "Idle").replace(
            "Queue(100)", "Queue(20)")
        code, lines = ctl.hotconfig(new)
        assert code == 200, lines
        assert ctl.read("q.capacity") == "20"
        # the route table's configuration is unchanged: it moved with the handler's route
        assert "10.0.0.0/8" in ctl.read("rt.table")
        length, drops, pulled_after = steady(ctl, "q.length", "q.drops", "c2.count")
        # every packet is in the queue, was pulled, or is a drop
        assert length + drops + pulled_after == pushed
        assert length <= 20 and drops >= first_drops + held - 20 - (pulled_after - pulled)
        status, _, err = r.stop()
    assert status == 0, err
    q = next(e for e in json.loads(stats.read_text())["elements"] if e["name"] == "q")
    assert q["drop_reasons"].get("queue full", 0) == first_drops
    assert q["drop_reasons"]["queue full after hotconfig"] == drops - first_drops


STREAM = """\
src :: FromDump({pcap}, STOP false) -> ru :: RatedUnqueue(RATE 200)
    -> c :: Counter -> q :: Queue(1000) -> u :: Unqueue -> SetTimestamp
    -> out :: ToDump({out});
"""


def test_files_keep_their_place_and_the_pause(tmp_path: Path) -> None:
    """A FromDump of the same file goes on where it was, a ToDump of the same file goes on
    writing it, across two swaps; every packet read is written once.  The longest gap between
    packets written around each swap is measured (docs/reconfiguration.md, "The pause")."""
    from .hotlib import ROOT

    pcap = ROOT.parent / "shared" / "pcaps" / "ndpi-gnutella.pcap"
    out = tmp_path / "out.pcap"
    config = STREAM.format(pcap=pcap, out=out)
    with HotRouter(tmp_path, config, "-O0", "-h", "src.count", "-h", "out.count") as r:
        assert r.control is not None
        ctl = r.control
        windows = []
        for k in range(2):
            before = int(ctl.read("out.count"))
            code, lines = ctl.hotconfig(config.replace("Queue(1000)", f"Queue({900 + k})"))
            assert code == 200, lines
            windows.append((before, int(ctl.read("out.count"))))
            assert ctl.read("q.capacity") == str(900 + k)
        assert windows[0][1] < 3905      # (at least) one swap came while the capture played
        while int(ctl.read("out.count")) < 3905:
            time.sleep(0.1)
        status, stdout, err = r.stop()
    assert status == 0, err
    words = stdout.split()
    read, written = int(words[1]), int(words[3])
    assert read == written == 3905
    times = pcap_times(out)
    assert len(times) == written     # one file, every packet once, in order
    gaps = [times[i + 1] - times[i] for i in range(len(times) - 1)]
    assert min(gaps) >= 0, ([(i, g) for i, g in enumerate(gaps) if g < 0], windows)
    switched = [float(line.split()[3]) for line in err.splitlines()
                if line.startswith("hotconfig: switched in")]
    assert len(switched) == 2
    inside = {i for a, b in windows for i in range(a, min(b + 1, len(gaps)))}
    elsewhere = [g for i, g in enumerate(gaps) if i not in inside]
    print(f"switch (stop to start) ms: {switched}; longest gap around each swap ms: "
          f"{[max(gaps[a:b + 1] or [0]) / 1e6 for a, b in windows]}; longest gap elsewhere "
          f"ms: {max(elsewhere or [0]) / 1e6}")
    assert max(switched) < 50    # the switch itself (docs: well under 1 ms when quiet)


def test_swaps_at_two_threads_tsan(tsan_ok: None, tmp_path: Path) -> None:
    """The swap under ThreadSanitizer (the TSan job, .ci/run): a router on two threads (a Queue
    between them) swapped twice while it forwards, handlers read only after the threads stop
    (a handler reading another thread's Counter while it counts is Click's unsynchronized
    read, not the swap's)."""
    options = ("-O1", "-j", "2", "--cc", "clang", "--cflags=-g -fsanitize=thread",
               "--ldflags=-fsanitize=thread", "-h", "c.count", "-h", "c2.count")
    env = {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}
    with HotRouter(tmp_path, COUNTING, *options, env=env) as r:
        assert r.control is not None
        for capacity in (50, 100):
            code, lines = r.control.hotconfig(COUNTING.replace("Queue(100)", f"Queue({capacity})"))
            assert code == 200, lines
        status, out, err = r.stop()
    assert status == 0 and "ThreadSanitizer" not in err, err
    words = out.split()
    assert words[0] == "c.count:" and int(words[1]) > 0
