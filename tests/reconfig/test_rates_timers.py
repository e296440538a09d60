"""Rate limiters' buckets and timers across swaps (docs/reconfiguration.md, "What moves"): a
RatedSource's and a RatedSplitter's token buckets continue at the same rate and burst (a new
element would start with a token, a full bucket), another rate starts as configured; a
TimedSource's next emission keeps its time (a new one would wait a whole INTERVAL)."""

from __future__ import annotations

import time
from pathlib import Path

from .hotlib import HotRouter, free_port, prebuild

RATES = """\
rs :: RatedSource(RATE RS_RATE, LIMIT -1) -> once :: Counter -> Discard;
fast :: RatedSource(RATE 1000, LIMIT -1)
    -> split :: RatedSplitter(RATE 10, BURST_SIZE 50) -> passed :: Counter -> Discard;
split[1] -> over :: Counter -> Discard;
ts :: TimedSource(INTERVAL 3) -> ticks :: Counter -> Discard;
"""


def rates(variant: int, rs_rate: int = 0) -> str:
    """RATES; ``variant`` 1 adds an element nothing depends on (a configuration that differs)."""
    return RATES.replace("RS_RATE", str(rs_rate)) + ("Idle -> Discard;\n" if variant else "")


def test_buckets_and_timers_continue(tmp_path: Path) -> None:
    port = free_port()
    versions = [rates(k % 2) for k in range(1, 6)]
    prebuild(tmp_path, port, [rates(0), rates(1), rates(0, rs_rate=1)], "-O0")
    with HotRouter(tmp_path, rates(0), "-O0", port=port) as r:
        assert r.control is not None
        ctl = r.control
        start = time.monotonic()
        time.sleep(0.3)
        assert int(ctl.read("once.count")) == 1    # RATE 0: the one token it starts with
        switched = [start]   # (about) when each router started
        for k, text in enumerate(versions):
            time.sleep(max(0.0, start + 1.4 * (k + 1) - time.monotonic()))
            code, lines = ctl.hotconfig(text)
            assert code == 200, lines
            switched.append(time.monotonic())
        elapsed = time.monotonic() - start
        gaps = [b - a for a, b in zip(switched, switched[1:], strict=False)]
        # the RATE 0 bucket stayed empty: no new token at each swap
        assert int(ctl.read("once.count")) == 1
        # the splitter's bucket went on: 50 at the start, 10 a second, not 50 more a swap
        passed = int(ctl.read("passed.count"))
        assert 50 <= passed <= 50 + 10 * elapsed + 25, (passed, elapsed)
        # the timer kept its phase: an emission every 3 s although swaps came more often
        ticks = int(ctl.read("ticks.count"))
        if max(gaps) < 2.5:   # (a new timer every < 3 s would never have fired)
            assert ticks >= int(elapsed // 3) - 1 >= 1, (ticks, elapsed, gaps)
        # another rate: the new RatedSource starts as configured (with its one token)
        code, lines = ctl.hotconfig(rates(0, rs_rate=1))
        assert code == 200, lines
        time.sleep(0.3)
        assert int(ctl.read("once.count")) >= 2
        status, _, err = r.stop()
    assert status == 0, err


SHAPED = """\
InfiniteSource(LENGTH 1000, LIMIT -1) -> Queue(10) -> BandwidthShaper(1000Bps)
    -> Unqueue -> shaped :: Counter -> Discard;
"""


def test_shaper_gap_rate_continues(tmp_path: Path) -> None:
    """A BandwidthShaper of 1000 bytes a second passes a 1000-byte packet a second; swapped
    every 0.3 s, its successor must wait out the packets it already let through this second
    (a new GapRate would pass one at once after each swap)."""
    port = free_port()
    versions = [SHAPED + ("Idle -> Discard;\n" if k % 2 else "") for k in range(8)]
    prebuild(tmp_path, port, versions[:2], "-O0")
    with HotRouter(tmp_path, versions[0], "-O0", port=port) as r:
        assert r.control is not None
        ctl = r.control
        start = time.monotonic()
        for k, text in enumerate(versions[1:], start=1):
            time.sleep(max(0.0, start + 0.3 * k - time.monotonic()))
            code, lines = ctl.hotconfig(text)
            assert code == 200, lines
        elapsed = time.monotonic() - start
        shaped = int(ctl.read("shaped.count"))
        # at the rate: one packet a second (and the first at once), not one more a swap
        assert shaped <= elapsed + 2, (shaped, elapsed)
        status, _, err = r.stop()
    assert status == 0, err
