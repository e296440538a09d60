"""AdaptiveRED (issue 19): RED's thresholds from TARGET, the drops past the kill threshold and
MAX_P's adaptation every 500 ms (Click's elements/aqm/adaptivered.cc).  STABILITY 0 makes the
average the queue length itself; the queue is never drained, so after the source the average
stays above MAX_THRESH - (MAX_THRESH - MIN_THRESH)/2 and every period raises MAX_P by
min(0.01, MAX_P/4) in Click's 16-bit fixed point."""

from __future__ import annotations

from pathlib import Path

from .harness import run

CONFIG = """
InfiniteSource(LIMIT 1000) -> ared :: AdaptiveRED(20, 0.1, STABILITY 0)
  -> q :: Queue(2000) -> Unqueue(ACTIVE false) -> Discard;
small :: AdaptiveRED(4, 0.5) -> Queue -> Discard;
Idle -> small;
Script(wait 1.3s);
"""

HANDLERS = ["ared.min_thresh", "ared.max_thresh", "ared.max_p", "ared.drops", "q.length",
            "ared.config", "ared.queues", "small.min_thresh", "small.max_thresh", "small.max_p"]


def _fixed16(v: int) -> str:
    """Click's cp_unparse_real2(v, 16): the shortest decimal that reads back as v."""
    for digits in range(1, 8):
        s = f"{v / 65536:.{digits}f}".rstrip("0").rstrip(".")
        if round(float(s) * 65536) == v:
            return s
    return str(v / 65536)


def test_adaptivered(tmp_path: Path) -> None:
    r = run(tmp_path, CONFIG, [], HANDLERS)
    h = r.handlers
    assert (h["ared.min_thresh"], h["ared.max_thresh"]) == ("10", "30")
    # TARGET below 10 counts as 10
    assert (h["small.min_thresh"], h["small.max_thresh"]) == ("5", "15")
    length, drops = int(h["q.length"]), int(h["ared.drops"])
    assert length + drops == 1000
    assert 20 < length <= 61  # above the kill threshold (2 * MAX_THRESH) everything drops
    maxp = round(0.1 * 65536)
    steps = []
    for _ in range(4):
        maxp += min(655, maxp // 4)
        steps.append(_fixed16(maxp))
    # the router ran about 1.3 s: two periods, three on a slow machine
    assert h["ared.max_p"] in steps[:3], h["ared.max_p"]
    assert h["ared.config"].startswith(f"10, 30, {h['ared.max_p']}, QUEUES q")
    assert h["ared.queues"] == "q"
    # no packet, no handler read before the end: small's MAX_P adapts at the read, downwards
    # (average 0 < MIN_THRESH + part)
    assert h["small.max_p"] in {_fixed16(v) for v in (29491, 26541, 23886)}
