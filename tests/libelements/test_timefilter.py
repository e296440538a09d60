"""TimeFilter (issue 19): Click's time ranges (START 0 meaning "from the first packet", START
absolute, START_AFTER, INTERVAL), packets outside the range on output 1, END_CALL with $t set to
the packet's timestamp, and END_CALL called again while it moves the end but not past the
packet (Click's test/analysis/TimeFilter-01 does this with a Script)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import DST, SRC, run

FRAMES = [DST + SRC + b"\x08\x00" + bytes([i]) * 20 for i in range(5)]
STAMPS = [(0, 100_000), (0, 200_000), (1, 0), (1, 200_000), (5, 500_000)]

CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(4);
t[0] -> t1 :: TimeFilter(0, 1, END_CALL ac.banner at $t) -> c1 :: Counter
     -> ac :: AggregateCounter -> Discard;
t1[1] -> c1x :: Counter -> Discard;
t[1] -> t2 :: TimeFilter(0, 1, END_CALL t2.extend_interval 1) -> c2 :: Counter -> Discard;
t[2] -> t3 :: TimeFilter(START_AFTER 0.15, INTERVAL 1) -> c3 :: Counter -> Discard;
t[3] -> t4 :: TimeFilter(1.1) -> c4 :: Counter -> Discard;
"""

HANDLERS = ["c1.count", "c1x.count", "ac.banner", "t1.end", "c2.count", "t2.end", "c3.count",
            "t3.start", "t3.end", "t3.interval", "c4.count", "t4.start"]


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_time_filter(tmp_path: Path, sanitized: bool) -> None:
    """Counts, END_CALL's $t, the extended end and the range handlers."""
    r = run(tmp_path, CONFIG, FRAMES, HANDLERS, sanitized=sanitized, stamps=STAMPS)
    h = r.handlers
    # START 0 is the first packet's time (0.1), END 1 is absolute: 0.1 and 0.2 pass
    assert (h["c1.count"], h["c1x.count"]) == ("2", "3")
    assert h["ac.banner"] == "at 1.000000"     # END_CALL once, at the packet stamped 1.0
    assert h["t1.end"] == "1.000000"
    # each call adds a second; at 5.5 the end moves on to 6.0 and the packet passes
    assert (h["c2.count"], h["t2.end"]) == ("5", "6.000000")
    # START_AFTER 0.15 of the first packet (0.25), INTERVAL 1: 1.0 and 1.2 pass
    assert (h["c3.count"], h["t3.start"], h["t3.end"], h["t3.interval"]) == \
        ("2", "0.250000", "1.250000", "1.000000")
    assert (h["c4.count"], h["t4.start"]) == ("2", "1.100000")
    assert "t1" not in r.drops and r.drops["t3"] == {"outside the time range": 3}
