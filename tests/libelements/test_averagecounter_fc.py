"""AverageCounterMP and AverageCounterIMP (issue 19, FastClick's measurement elements): counts
and their bit and link forms, rates consistent with `time`, IGNORE's unsigned 64-bit span, MAX,
THRESHOLD's one restart, reset, and two threads counting into one instance (FastClick's
elements/standard/averagecounter.cc).  Handler values that do not depend on the clock are
recorded from FastClick (``FASTCLICK`` set: checked against a live run too)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.testlib import require_tsan

from .fastclickrun import run_fastclick
from .harness import run

TSAN = ["--cflags=-fsanitize=thread", "--cflags=-g", "--cflags=-fno-omit-frame-pointer",
        "--ldflags=-fsanitize=thread"]

#: 10 packets of 60 bytes: a and b count them all, i and j ignore them (IGNORE 100 seconds)
CONFIG = """
InfiniteSource(LENGTH 60, LIMIT 10, STOP true)
  -> a :: AverageCounterMP -> b :: AverageCounterIMP(0, false)
  -> i :: AverageCounterMP(100) -> j :: AverageCounterIMP(IGNORE 100.5) -> Discard;
"""
HANDLERS = ["a.count", "a.byte_count", "a.bit_count", "a.link_count",
            "b.count", "b.byte_count", "b.bit_count", "b.link_count",
            "i.count", "i.rate", "i.link_rate", "i.time", "j.count", "j.byte_rate", "j.time"]
#: recorded from FastClick (the values that do not depend on the clock)
RECORDED = {
    "a.count": "10", "a.byte_count": "600", "a.bit_count": "4800", "a.link_count": "6720",
    "b.count": "10", "b.byte_count": "600", "b.bit_count": "4800", "b.link_count": "6400",
    "i.count": "0", "i.rate": "0", "i.link_rate": "0", "i.time": "1.84467440737e+16",
    "j.count": "0", "j.byte_rate": "0", "j.time": "1.84467440737e+16",
}
RATES = ["a.rate", "a.byte_rate", "a.bit_rate", "a.link_rate", "a.time",
         "b.rate", "b.byte_rate", "b.bit_rate", "b.link_rate", "b.time"]


def _check_rates(h: dict[str, str]) -> None:
    """Each rate is its count * 1000 / d and `time` is d / 1000, with d >= 1 millisecond."""
    for e in "ab":
        t = float(h[f"{e}.time"])
        assert t >= 0.001
        for kind in ("", "byte_", "bit_", "link_"):
            count = int(h[f"{e}.{kind}count"])
            assert float(h[f"{e}.{kind}rate"]) == pytest.approx(count / t, rel=1e-9)


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "sanitized"])
def test_counts_and_rates(tmp_path: Path, sanitized: bool) -> None:
    r = run(tmp_path, CONFIG, [], HANDLERS + RATES, sanitized=sanitized)
    assert {k: r.handlers[k] for k in HANDLERS} == RECORDED
    _check_rates(r.handlers)


def test_counts_and_rates_fastclick(tmp_path: Path) -> None:
    r = run_fastclick(tmp_path, CONFIG, HANDLERS + RATES)
    assert {k: r.handlers[k] for k in HANDLERS} == RECORDED
    _check_rates(r.handlers)


#: MAX 1: nothing after the first second; THRESHOLD 100: the counts restart once after a
#: second at 2000 packets per second; reset through a Script clears r's counts
TIMED = """
s :: RatedSource(LENGTH 60, RATE 2000, LIMIT 3000, STOP true)
  -> m :: AverageCounterMP(MAX 1) -> t :: AverageCounterIMP(THRESHOLD 100)
  -> r :: AverageCounterMP -> Discard;
Script(wait 0.5, write r.reset_now);
"""


def _check_timed(h: dict[str, str], stderr: str) -> None:
    assert 1700 <= int(h["m.count"]) <= 2200          # about one second of 2000 per second
    assert 0.9 <= float(h["m.time"]) <= 1.1
    assert 500 <= int(h["t.count"]) <= 1200           # the half second after the restart
    line = re.search(r"t :: AverageCounterIMP : starting compute \(rate (\d+) pps\)", stderr)
    assert line is not None, stderr
    assert 1500 <= int(line.group(1)) <= 2500
    assert stderr.count("starting compute") == 1
    assert 1700 <= int(h["r.count"]) <= 2300           # the second after the reset


def test_max_threshold_reset(tmp_path: Path) -> None:
    r = run(tmp_path, TIMED, [], ["m.count", "m.time", "t.count", "r.count"])
    _check_timed(r.handlers, r.stderr)


def test_max_threshold_reset_fastclick(tmp_path: Path) -> None:
    r = run_fastclick(tmp_path, TIMED, ["m.count", "m.time", "t.count", "r.count"])
    _check_timed(r.handlers, r.stderr)


@pytest.mark.parametrize("tsan", [False, True], ids=["plain", "tsan"])
def test_two_threads(tmp_path: Path, tsan: bool) -> None:
    """Two sources on two threads into one instance of each: every packet counted once."""
    if tsan:
        require_tsan(tmp_path)
    options = ["-j", "2"] + (TSAN if tsan else [])
    r = run(tmp_path, """
s0 :: InfiniteSource(LENGTH 60, LIMIT 20000, STOP false) -> a :: AverageCounterMP(THRESHOLD 1)
  -> b :: AverageCounterIMP -> c :: Counter -> Discard;
s1 :: InfiniteSource(LENGTH 40, LIMIT 30000, STOP false) -> a;
StaticThreadSched(s0 0, s1 1);
Script(label top, read a.rate, read b.time, wait 0.0005, goto top);
DriverManager(wait_time 0.5s, stop);
""", [], ["a.count", "a.byte_count", "b.count", "b.byte_count", "c.count"], options=options)
    h = r.handlers
    assert h["c.count"] == "50000"
    assert (h["b.count"], h["b.byte_count"]) == ("50000", str(20000 * 60 + 30000 * 40))
    # THRESHOLD 1 restarts a's counts only after a second: the run is half of one
    assert (h["a.count"], h["a.byte_count"]) == ("50000", str(20000 * 60 + 30000 * 40))
