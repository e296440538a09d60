"""``clickc run -R`` and Click's ``hotconfig`` handler (docs/reconfiguration.md): a swap
answers 200 and the new graph runs with the kept elements' state; a broken configuration
answers 520 with Click's message and the old router runs on."""

from __future__ import annotations

import json
from pathlib import Path

from .hotlib import HotRouter

COUNTING = """\
src :: RatedSource(RATE 2000, LIMIT -1)
    -> c :: Counter -> q :: Queue(100) -> u :: Unqueue -> c2 :: Counter -> Discard;
"""


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
        status, out, err = r.stop()
    assert status == 0, err
    assert "hotconfig: switched in" in err
    counts = out.split()
    assert counts[0] == "c.count:" and int(counts[1]) >= after
    assert counts[2] == "extra.count:" and int(counts[3]) > 0


HOLDING = """\
src :: InfiniteSource(LIMIT 200, BURST 1)
    -> q :: Queue(100) -> ru :: RatedUnqueue(RATE 1) -> c2 :: Counter -> Discard;
"""


def test_queue_contents_move_and_overflow_counts_as_drops(tmp_path: Path) -> None:
    stats = tmp_path / "stats.json"
    with HotRouter(tmp_path, HOLDING, "-O0", f"--stats={stats}") as r:
        assert r.control is not None
        ctl = r.control
        first_drops = int(ctl.read("q.drops"))   # 200 pushed, room for 100 (and the pulled)
        held = int(ctl.read("q.length"))
        pulled = int(ctl.read("c2.count"))
        assert first_drops + held + pulled == 200 and held >= 90
        new = HOLDING.replace("src :: InfiniteSource(LIMIT 200, BURST 1)", "Idle").replace(
            "Queue(100)", "Queue(20)")
        code, lines = ctl.hotconfig(new)
        assert code == 200, lines
        assert ctl.read("q.capacity") == "20"
        length = int(ctl.read("q.length"))
        drops = int(ctl.read("q.drops"))
        pulled_after = int(ctl.read("c2.count"))
        # every packet is in the queue, was pulled, or is a drop
        assert length + drops + pulled_after == 200
        assert length <= 20 and drops >= first_drops + held - 20 - (pulled_after - pulled)
        status, _, err = r.stop()
    assert status == 0, err
    q = next(e for e in json.loads(stats.read_text())["elements"] if e["name"] == "q")
    assert q["drop_reasons"]["queue full"] == first_drops
    assert q["drop_reasons"]["queue full after hotconfig"] == drops - first_drops
