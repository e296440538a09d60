"""CoDel (issue 19): a queue drained slowly (packets wait far longer than TARGET) is dropped
from once the wait has lasted INTERVAL, packets without a FIRST_TIMESTAMP annotation and
packets drained at once are never dropped, and the handlers show Click's texts (Click's
elements/aqm/codel.cc).  Exact drop counts depend on the clock; the test checks what follows
from the algorithm whatever the timing."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG = """
InfiniteSource(LIMIT 100) -> SetTimestamp(FIRST true) -> q :: Queue(1000)
  -> codel :: CoDel(1ms, 10ms) -> RatedUnqueue(1000) -> c :: Counter -> Discard;
InfiniteSource(LIMIT 100) -> q2 :: Queue(1000)
  -> nots :: CoDel(1ms, 10ms) -> RatedUnqueue(1000) -> c2 :: Counter -> Discard;
InfiniteSource(LIMIT 100) -> SetTimestamp(FIRST true) -> q3 :: Queue(1000)
  -> fast :: CoDel -> Unqueue -> c3 :: Counter -> Discard;
Idle -> q4 :: Queue -> w :: CoDel(2, 0.25, QUEUES q4) -> Discard;
Script(write w.codel_target 7ms, write w.codel_interval 1s);
"""

HANDLERS = ["codel.drops", "c.count", "codel.queues", "codel.config", "codel.codel_target",
            "codel.codel_interval", "nots.drops", "c2.count", "fast.drops", "c3.count",
            "w.codel_target", "w.codel_interval", "w.stats"]


def test_codel(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], HANDLERS)
    h = r.handlers
    drops = int(h["codel.drops"])
    assert drops > 0 and drops + int(h["c.count"]) == 100
    assert r.drops["codel"] == {"CoDel": drops}
    # the first drop comes only after the wait has been above TARGET for INTERVAL: 10 packets
    # at least leave first (1000 per second)
    assert int(h["c.count"]) >= 10
    assert (h["nots.drops"], h["c2.count"]) == ("0", "100")
    assert (h["fast.drops"], h["c3.count"]) == ("0", "100")
    assert h["codel.queues"] == "q"
    assert (h["codel.codel_target"], h["codel.codel_interval"]) == ("1ms", "10ms")
    # Click's text: Timestamp::unparse (microseconds at user level), "s, " and " s, "
    assert h["codel.config"] == "0.001000s, 0.010000 s, "
    assert (h["w.codel_target"], h["w.codel_interval"]) == ("7ms", "1.000000s")
    assert h["w.stats"] == "0 current queue\n0 drops"
