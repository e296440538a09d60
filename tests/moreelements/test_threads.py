"""The new classes with a concurrent form (docs/concurrency.md) executed by two threads, built
with ThreadSanitizer: SetIPChecksum (drop count), RandomSample (drop count, probability and
ACTIVE written by a Script while packets flow), ICMPPingEncap (IP ID counter), AverageCounter
(per-thread counts) and IPRateMonitor (its lock).  No race may be reported (except on the
generated per-port --stats counters, a known gap of docs/concurrency.md), and the counts must
add up: every packet of both sources is counted once."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

N = 20000
#: a 28-byte IPv4/UDP packet (good IP header checksum) and a packet with a bad header
GOOD = "\\<45000028 00010000 40110000 0a000001 0a000002 04d20035 0014 0000>"
BAD = "\\<50000000 00000000 00000000 00000000 00000000>"

CONFIG = f"""
s1 :: InfiniteSource(DATA {GOOD}, LIMIT {N}, STOP true) -> MarkIPHeader -> sc :: SetIPChecksum
  -> rs :: RandomSample(1) -> e :: ICMPPingEncap(1.1.1.1, 2.2.2.2) -> ac :: AverageCounter
  -> m :: IPRateMonitor(PACKETS, 1, 5) -> c :: Counter -> Discard;
s2 :: InfiniteSource(DATA {GOOD}, LIMIT {N}) -> MarkIPHeader -> sc;
b1 :: InfiniteSource(DATA {BAD}, LIMIT {N}) -> sc;
rs[1] -> d :: Counter -> Discard;
StaticThreadSched(s1 0, s2 1, b1 1);
Script(label top, write rs.active true, read rs.config, write rs.sampling_prob 1,
       read e.src, read ac.count, read m.mem, wait 0.0005, goto top);
"""


def _reports(text: str) -> list[str]:
    reports = text.split("WARNING: ThreadSanitizer:")[1:]
    return [r for r in reports
            if not re.search(r"Location is global 'e\d+__(in|out)_packets'", r)]


@pytest.mark.skipif(shutil.which("clang") is None, reason="needs clang for -fsanitize=thread")
def test_two_threads_under_thread_sanitizer(tmp_path: Path) -> None:
    """No data race; counts add up across the threads."""
    cfg = tmp_path / "r.click"
    cfg.write_text(CONFIG)
    prog = tmp_path / "r"
    p = subprocess.run([sys.executable, "-m", "clickc", "-j", "2", str(cfg), "-o", str(prog),
                        "--cc", "clang", "-O1", "--cflags=-fsanitize=thread -g",
                        "--ldflags=-fsanitize=thread"], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    r = subprocess.run([str(prog), "-h", "c.count", "-h", "ac.count", "-h", "sc.drops",
                        "-h", "rs.drops"], capture_output=True, text=True, timeout=600,
                       cwd=tmp_path,
                       env={**os.environ, "TSAN_OPTIONS": "halt_on_error=0 report_signal_unsafe=0"})
    assert "rs.config:" in r.stderr  # the Script really ran while the sources did
    assert _reports(r.stderr) == [], _reports(r.stderr)[0]
    # s1 stops the router: s2 may not have finished, but every packet counted passed once
    out = r.stdout.split("\n")
    got = {out[i][:-1]: int(out[i + 1]) for i in range(len(out) - 1) if out[i].endswith(":")}
    assert got["rs.drops"] == 0
    assert got["c.count"] == got["ac.count"] and got["c.count"] >= N
    assert got["sc.drops"] >= 1
