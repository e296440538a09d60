"""Sources and MixedQueue across a swap (docs/reconfiguration.md, "What moves"; issue 21): an
InfiniteSource,
a RatedSource and a TimedSource of the same configuration go on where they were, their
``count`` does not restart and their LIMIT counts what they already sent; a source whose
configuration changed starts again.  Under ``--simtime``, the swap written by a DriverManager
at 0.255 s, when every source has sent part of its LIMIT.  A Queue's packets move into a
MixedQueue of the same name and back into a smaller Queue (the overflow counted as drops).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.workers  # --simtime: nothing waits on the wall clock; one thread

SOURCES = """\
inf :: InfiniteSource(LIMIT 50) -> RatedUnqueue(RATE 100) -> ic :: Counter -> Discard;
rs :: RatedSource(RATE 100, LIMIT 40) -> rc :: Counter -> Discard;
ts :: TimedSource(INTERVAL 0.1, LIMIT 5) -> tc :: Counter -> Discard;
inf2 :: InfiniteSource(LIMIT 10{more}) -> RatedUnqueue(RATE 100) -> ic2 :: Counter -> Discard;
"""


def test_sources_continue_their_count_and_limit(tmp_path: Path) -> None:
    (tmp_path / "OLD").write_text(SOURCES.format(more="") +
                                  "DriverManager(wait 0.255s, write hotconfig $(cat NEW))\n")
    handlers = ["inf", "ic", "rs", "rc", "ts", "tc", "inf2", "ic2"]
    (tmp_path / "NEW").write_text(
        SOURCES.format(more=", ACTIVE true") + "DriverManager(wait 2s, " +
        ", ".join(f"read {h}.count" for h in handlers) + ", stop)\n")
    r = subprocess.run([sys.executable, "-m", "clickc", "run", "--simtime", "-R", "OLD"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    lines = r.stderr.split()
    got = {lines[i].rstrip(":").split(".")[0]: int(lines[i + 1])
           for i in range(0, len(lines) - 1) if lines[i].endswith(".count:")}
    # the same configuration: each LIMIT in all, counted across the swap (a restarted source
    # would send its LIMIT again: ic 75, rc 65, tc 7)
    assert (got["inf"], got["ic"], got["rs"], got["rc"], got["ts"], got["tc"]) == \
        (50, 50, 40, 40, 5, 5)
    # another configuration (ACTIVE given) starts again: its 10 before the swap, 10 after
    assert (got["inf2"], got["ic2"]) == (10, 20)


def test_mixedqueue_takes_and_gives_packets(tmp_path: Path) -> None:
    (tmp_path / "OLD").write_text(
        "src :: InfiniteSource(LIMIT 30) -> q :: Queue(100) -> Idle;\n"
        "DriverManager(wait 0.1s, write hotconfig $(cat MID))\n")
    # the same (named) source continues (LIMIT reached: nothing more); 5 more at the LIFO input
    (tmp_path / "MID").write_text(
        "src :: InfiniteSource(LIMIT 30) -> q :: MixedQueue(100) -> Idle;\n"
        "InfiniteSource(LIMIT 5) -> [1]q;\n"
        "DriverManager(wait 0.1s, read q.length, write hotconfig $(cat NEW))\n")
    (tmp_path / "NEW").write_text(
        "src :: InfiniteSource(LIMIT 30) -> q :: Queue(20) -> Idle;\n"
        "DriverManager(wait 0.1s, read q.length, read q.drops, read q.highwater_length, stop)\n")
    r = subprocess.run([sys.executable, "-m", "clickc", "run", "--simtime", "-R", "OLD"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    # MixedQueue: the Queue's 30 and its own 5 (the Queue's were dropped before: 5);
    # Queue(20): 20 kept, 15 drops with their reason, the high-water mark continues
    assert r.stderr.split() == ["q.length:", "35", "q.length:", "20", "q.drops:", "15",
                                "q.highwater_length:", "35"]


def test_fromipsummarydump_goes_on_where_it_was(tmp_path: Path) -> None:
    (tmp_path / "DUMP").write_text("!data timestamp ip_dst ip_tos\n" + "".join(
        f"0.{i} 1.0.0.1 {i}\n" for i in range(10)))
    (tmp_path / "OLD").write_text(
        "d :: FromIPSummaryDump(DUMP, TIMING true) -> c :: Counter -> Discard;\n"
        "DriverManager(wait 0.35s, write hotconfig $(cat NEW))\n")
    (tmp_path / "NEW").write_text(
        "d :: FromIPSummaryDump(DUMP, TIMING true) -> c :: Counter -> Print(n, MAXLENGTH 2)\n"
        "    -> Discard;\n"
        "DriverManager(wait 1s, read c.count, stop)\n")
    r = subprocess.run([sys.executable, "-m", "clickc", "run", "--simtime", "-R", "OLD"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    # records 0-3 went before the swap (at 0.35 s), 4-9 after (TOS 4-9: IP header 45 0N);
    # a FromIPSummaryDump starting its file again would send 10 more
    assert r.stderr.splitlines() == [f"n:   40 | 450{i}" for i in range(4, 10)] + [
        "c.count:", "10"]
