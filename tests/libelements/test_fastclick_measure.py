"""FastClick's measurement elements (issue 19): NumberPacket, RecordTimestamp, TimestampDiff.

These tests are written from FastClick's documented semantics
(elements/analysis/numberpacket.hh, recordtimestamp.hh, timestampdiff.hh and their .cc):
packets are checked byte for byte, handler values and messages exactly.  The delays
themselves depend on the clock, so the latency test runs under ``--simtime``
(docs/runtime.md, "Simulated time"), where they are whole milliseconds apart, and checks
every statistics handler against FastClick's formulas applied to the delays ``dump_list``
shows.  The comparison with a real FastClick built with its ``analysis`` package (recorded,
replayed without it) is tests/fcelements' (docs/more-elements.md)."""

from __future__ import annotations

import math
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.testlib import SANITIZE, run_config

from .harness import run
from .test_aggregatepacketcounter import _values

NUMBER_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN, STOP true) -> t :: Tee(2);
t[0] -> n1 :: NumberPacket(40) -> ToDump($OUT/host.pcap);
t[1] -> MarkIPHeader(14) -> n2 :: NumberPacket(OFFSET 30, NET_ORDER true) -> ToDump($OUT/net.pcap);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_numberpacket(tmp_path: Path, sanitized: bool) -> None:
    """The number at OFFSET in host or network byte order; a short packet grows with zeros
    and, with an IP header annotation, its IP length becomes OFFSET + 8 (FastClick's)."""
    frames = [bytes(range(60)), bytes(range(100, 134)), bytes(range(64))]
    r = run(tmp_path, NUMBER_CONFIG, frames, ["n1.count", "n2.count"], sanitized=sanitized)
    host = []
    for i, f in enumerate(frames):
        g = f.ljust(48, b"\0")
        host.append(g[:40] + struct.pack("=Q", i) + g[48:])
    assert r.frames("host") == host
    net = []
    for i, f in enumerate(frames):
        g = bytearray(f.ljust(38, b"\0"))
        if len(f) < 38:
            g[16:18] = struct.pack(">H", 38)
        net.append(bytes(g[:30]) + struct.pack(">Q", i) + bytes(g[38:]))
    assert r.frames("net") == net
    assert r.handlers == {"n1.count": "3", "n2.count": "3"}


STATS = ("avg", "average", "min", "max", "stddev", "perc00", "perc01", "perc05", "perc10",
         "perc25", "median", "perc75", "perc90", "perc95", "perc99", "perc100")

LATENCY_CONFIG = """
TimedSource(0.001, LIMIT 5, STOP false)
  -> np :: NumberPacket(40) -> rt :: RecordTimestamp(COUNTER np, OFFSET 40) -> Discard;
b :: InfiniteSource(LIMIT 7, BURST 7, ACTIVE false, STOP false)
  -> np2 :: NumberPacket(40)
  -> td :: TimestampDiff(rt, TC_OFFSET 0, TC_MASK 0x0f) -> c0 :: Counter -> Discard;
td[1] -> c1 :: Counter -> Discard;
DriverManager(wait 0.1s, write b.active true, wait 0.1s,
  read td.dump_list, read td.dump, read td.index, read td.last, read c0.count, read c1.count,
  {reads}
  read td.perc 50, read td.perc 12.5 1, read td.perc x, read td.min 2, read td.min 5,
  read td.avg_tc 2, read td.avg_tc 3, read td.avg_tc 2 3);
"""


def _g(x: float) -> str:
    """Click's String(double): %.12g."""
    return f"{x:.12g}"


def _perc(d: list[int], p: float, begin: int = 0) -> str:
    """FastClick's TimestampDiff::percentile (the delay of rank P * (n - BEGIN) / 100 + BEGIN
    of the sorted delays from BEGIN; the smallest or largest at the ends)."""
    n = len(d)
    if n == 0 or begin >= n:
        return _g(0)
    idx = int(p * (n - begin) / 100 + begin)
    if idx <= begin:
        return _g(min(d[begin:]))
    if idx >= n:
        return _g(max(d[begin:]))
    return _g(sorted(d[begin:])[idx - begin])


@pytest.mark.parametrize("opts", [[], SANITIZE, ["-O0"]], ids=["plain", "asan", "O0"])
def test_latency_statistics(tmp_path: Path, opts: list[str]) -> None:
    """Five packets recorded a millisecond apart, measured together: five delays kept, the
    two numbers never recorded on output 1, and every handler as FastClick computes it."""
    reads = " ".join(f"read td.{h}," for h in STATS)
    p = run_config(tmp_path, LATENCY_CONFIG.format(reads=reads), "--simtime", *opts)
    assert p.returncode == 0, p.stderr[-4000:]
    v = _values(p.stderr)
    delays = [int(x) for x in v[0].split("\n")]
    assert len(delays) == 5
    assert [a - b for a, b in zip(delays, delays[1:], strict=False)] == [1000] * 4
    assert 0 < delays[-1] < 1_000_000
    assert v[1] == "\n".join(f"{i}: {d}" for i, d in enumerate(delays))
    assert v[2:6] == ["4", str(delays[-1]), "5", "2"]
    mean = sum(delays) / len(delays)
    expect = {"avg": _g(mean), "average": _g(mean), "min": str(min(delays)),
              "max": str(max(delays)),
              "stddev": _g(math.sqrt(sum(x * x for x in delays) / len(delays))),
              "perc00": str(min(delays)), "perc100": str(max(delays))}
    for h, q in (("perc01", 1), ("perc05", 5), ("perc10", 10), ("perc25", 25), ("median", 50),
                 ("perc75", 75), ("perc90", 90), ("perc95", 95), ("perc99", 99)):
        expect[h] = _perc(delays, q)
    assert dict(zip(STATS, v[6:6 + len(STATS)], strict=True)) == expect
    rest = v[6 + len(STATS):]
    assert rest[0] == _perc(delays, 50)
    assert rest[1] == _perc(delays, 12.5, 1)
    # a percentile that does not parse: FastClick's "<error>", reported as the handler's error
    assert rest[2] == ""
    assert "  While calling 'td.perc x':\n    <error>\n" in p.stderr
    assert rest[3] == str(min(delays[2:]))
    assert rest[4] == ""  # BEGIN past the last delay
    # the data's first byte, 'R' (0x52), masked by 0x0f: traffic class 2 for every packet
    assert rest[5] == _g(mean)
    assert rest[6] in ("-nan", "nan")  # FastClick's 0.0 / 0 for a class with no delay
    assert rest[7] == _g(sum(delays[3:]) / 2)


MESSAGES_CONFIG = """
s :: InfiniteSource(LIMIT 3, BURST 3, STOP true) -> np :: NumberPacket(40)
  -> rt :: RecordTimestamp(COUNTER np, OFFSET 40, N 2) -> t :: Tee(2);
t[0] -> td :: TimestampDiff(rt) -> c0 :: Counter -> Discard;
t[1] -> td;
td[1] -> c1 :: Counter -> Discard;
"""


@pytest.mark.parametrize("opts", [[], SANITIZE, ["-O0"]], ids=["plain", "asan", "O0"])
def test_read_twice_and_capacity(tmp_path: Path, opts: list[str]) -> None:
    """Each packet measured twice: the second read finds the slot read ("Timestamp read
    multiple times !", output 1).  N 2 without DYNAMIC: packet 2 is not recorded (FastClick's
    fatal message, once; FastClick stops there) and is out of range for TimestampDiff."""
    p = run_config(tmp_path, MESSAGES_CONFIG, "-h", "c0.count", "-h", "c1.count",
                   "-h", "td.index", "-h", "np.count", *opts)
    assert p.returncode == 0, p.stderr[-4000:]
    assert p.stderr.count("Timestamp read multiple times !") == 2
    assert p.stderr.count("Fatal error: DYNAMIC is not set and record timestamp reserved "
                          "capacity is too small. Use N to augment the capacity.") == 1
    assert p.stderr.count("rt :: RecordTimestamp: Index 2 is out of range !") == 2
    assert re.findall(r"^\w+\.\w+:\n(.*)$", p.stdout, re.M) == ["2", "4", "1", "3"]


@pytest.mark.parametrize(("config", "message"), [
    ("Idle -> NumberPacket(-1) -> Discard;", "Offset must be >= 0"),
    ("Idle -> c :: Counter -> RecordTimestamp(COUNTER c) -> Discard;",
     "COUNTER must be a valid NumberPacket element"),
    ("RecordTimestamp;", "You need to pass either TXDEV or use the element in path."),
    ("Idle -> c :: Counter -> TimestampDiff(c) -> Discard;",
     "RECORDER must be a valid RecordTimestamp element"),
    ("Idle -> rt :: RecordTimestamp -> TimestampDiff(rt, SAMPLE 0) -> Discard;",
     "SAMPLE must be positive"),
])
def test_configuration_errors(tmp_path: Path, config: str, message: str) -> None:
    p = run_config(tmp_path, config)
    assert p.returncode == 1
    assert message in p.stderr


REPLAY_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: ReplayUnqueue(STOP 3, VERBOSE true, BURST 2) -> ToDump($OUT/r.pcap);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_replayunqueue_loops(tmp_path: Path, sanitized: bool) -> None:
    """ReplayUnqueue loads the capture, then pushes it STOP times and stops the router, with
    FastClick's loading and VERBOSE messages."""
    frames = [bytes([i]) * (40 + i) for i in range(3)]
    r = run(tmp_path, REPLAY_CONFIG, frames, ["r.stop", "r.loaded", "r.active"],
            sanitized=sanitized)
    assert r.frames("r") == frames * 3
    assert r.handlers == {"r.stop": "0", "r.loaded": "true", "r.active": "false"}
    lines = [x for x in r.stderr.splitlines() if "oad" in x or "loop" in x]
    assert lines == ["Loading r with 1 inputs.",
                     "r : Successfully loaded 3 packets. Input 0 dried out.",
                     "r :: ReplayUnqueue: Replay loop (3 loops left)",
                     "r :: ReplayUnqueue: Replay loop (2 loops left)",
                     "r :: ReplayUnqueue: Replay loop (1 loops left)",
                     "r :: ReplayUnqueue: stopped because there is 0 loops left"]


MERGE_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> [0]r :: ReplayUnqueue(STOP 1, FREEONTERMINATE false);
FromDump($IN) -> [1]r;
r[0] -> ToDump($OUT/m.pcap);
r[1] -> Discard;
"""


def test_replayunqueue_merges_inputs(tmp_path: Path) -> None:
    """Two inputs merge by timestamp (input 0 first on a tie) until one gives no packet; the
    packet left pulled from the other is freed.  LIMIT bounds the load."""
    frames = [bytes([i]) * 40 for i in range(3)]
    r = run(tmp_path, MERGE_CONFIG, frames)
    assert r.frames("m") == [frames[0], frames[0], frames[1], frames[1], frames[2]]
    assert "r : Successfully loaded 5 packets. Input 0 dried out." in r.stderr
    r = run(tmp_path, MERGE_CONFIG.replace("STOP 1,", "STOP 2, LIMIT 2,"), frames)
    assert r.frames("m") == [frames[0], frames[0]] * 2
    assert "r : Successfully loaded 2 packets. Input -1 dried out." in r.stderr


def test_replayunqueue_refuses_timing_fnt(tmp_path: Path) -> None:
    p = run_config(tmp_path, "Idle -> ReplayUnqueue(TIMING 100, TIMING_FNT @1) -> Discard;")
    assert p.returncode == 1
    assert "TIMING_FNT is not supported by clickc" in p.stderr


PULL_REPLAY_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: Replay(STOP 3, QUEUE 2, BURST 1) -> Unqueue -> ToDump($OUT/p.pcap);
"""


@pytest.mark.parametrize("sanitized", [False, True], ids=["plain", "asan"])
def test_replay_pull(tmp_path: Path, sanitized: bool) -> None:
    """Replay offers the loaded packets to pull through a queue of QUEUE packets, STOP times.
    As in FastClick, the router stops as soon as the last packet is queued: the packets still
    queued then (at most QUEUE) are not pulled."""
    frames = [bytes([i]) * (40 + i) for i in range(3)]
    r = run(tmp_path, PULL_REPLAY_CONFIG, frames, ["r.stop", "r.active"], sanitized=sanitized)
    out = r.frames("p")
    assert len(out) >= 3 * 3 - 2 and out == (frames * 3)[:len(out)]
    assert r.handlers == {"r.stop": "0", "r.active": "false"}
    assert "r : Successfully loaded 3 packets. Input 0 dried out." in r.stderr


MULTI_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> [0]r :: MultiReplayUnqueue(STOP 2);
FromDump($IN) -> [1]r;
r[0] -> ToDump($OUT/m0.pcap);
r[1] -> ToDump($OUT/m1.pcap);
"""


def test_multireplayunqueue(tmp_path: Path) -> None:
    """Each loaded packet leaves on the output of the input it came from, STOP times."""
    frames = [bytes([i]) * 40 for i in range(3)]
    r = run(tmp_path, MULTI_CONFIG, frames)
    assert r.frames("m0") == frames * 2
    assert r.frames("m1") == frames[:2] * 2


TIMING_CONFIG = """
define($IN in.pcap, $OUT .);
FromDump($IN) -> r :: ReplayUnqueue(STOP 1, TIMING {timing}) -> SetTimestamp
  -> ToDump($OUT/t.pcap);
"""


@pytest.mark.parametrize("timing", [100, 200])
def test_replayunqueue_timing(tmp_path: Path, timing: int) -> None:
    """TIMING N sends the packets at N% of their timestamps' speed: under --simtime, whose
    clock a polling task sees move in 1 ms steps, the gaps of 0.5 s and 1 s become
    0.5 s * 100 / N and 1 s * 100 / N, to the millisecond."""
    frames = [bytes([i]) * 40 for i in range(3)]
    r = run(tmp_path, TIMING_CONFIG.format(timing=timing), frames,
            stamps=[(1000, 0), (1000, 500000), (1001, 500000)], options=["--simtime"])
    sent = [sec * 1_000_000_000 + ns for sec, ns, _ in r.outputs["t"]]
    assert [d for _, _, d in r.outputs["t"]] == frames
    gaps = [b - a for a, b in zip(sent, sent[1:], strict=False)]
    for gap, want in zip(gaps, (500_000_000, 1_000_000_000), strict=True):
        assert want * 100 // timing <= gap <= want * 100 // timing + 1_000_000, gaps


THREADS_CONFIG = """
s1 :: InfiniteSource(LIMIT 20000, STOP true) -> np :: NumberPacket(40) -> c :: Counter
  -> Discard;
s2 :: InfiniteSource(LIMIT 20000) -> np;
StaticThreadSched(s1 0, s2 1);
"""


@pytest.mark.skipif(shutil.which("clang") is None, reason="needs clang for -fsanitize=thread")
def test_numberpacket_two_threads_under_thread_sanitizer(tmp_path: Path) -> None:
    """NumberPacket executed by two threads takes its numbers with an atomic add: no data race
    (but on the generated per-port --stats counters, docs/concurrency.md), and every packet
    that passed was numbered once."""
    cfg = tmp_path / "r.click"
    cfg.write_text(THREADS_CONFIG)
    prog = tmp_path / "r"
    p = subprocess.run([sys.executable, "-m", "clickc", "-j", "2", str(cfg), "-o", str(prog),
                        "--cc", "clang", "-O1", "--cflags=-fsanitize=thread -g",
                        "--ldflags=-fsanitize=thread"], capture_output=True, text=True,
                       timeout=600)
    assert p.returncode == 0, p.stderr
    r = subprocess.run([str(prog), "-h", "c.count", "-h", "np.count"], capture_output=True,
                       text=True, timeout=600, cwd=tmp_path,
                       env={**os.environ, "TSAN_OPTIONS": "halt_on_error=0"})
    reports = [x for x in r.stderr.split("WARNING: ThreadSanitizer:")[1:]
               if not re.search(r"Location is global 'e\d+__(in|out)_packets'", x)]
    assert reports == [], reports[0]
    got = re.findall(r"^\w+\.count:\n(\d+)$", r.stdout, re.M)
    assert len(got) == 2 and got[0] == got[1] and int(got[0]) >= 20000


GROW_CONFIG = """
s :: InfiniteSource(LIMIT 5, BURST 5, STOP true) -> np :: NumberPacket(40)
  -> rt :: RecordTimestamp(COUNTER np, OFFSET 40, N 2, {rt}) -> td :: TimestampDiff(rt{td})
  -> c0 :: Counter -> Discard;
td[1] -> c1 :: Counter -> Discard;
"""


@pytest.mark.parametrize(("rt", "td", "want"), [
    ("DYNAMIC true", "", ["5", "0", "4"]),
    ("DYNAMIC true, SAMPLE 2", ", SAMPLE 2", ["5", "0", "2"]),
])
def test_dynamic_and_sample(tmp_path: Path, rt: str, td: str, want: list[str]) -> None:
    """DYNAMIC lets the table grow past N without a message; with SAMPLE 2 on both sides only
    the even numbers are recorded and measured, the odd ones pass on output 0 unmeasured."""
    p = run_config(tmp_path, GROW_CONFIG.format(rt=rt, td=td), "-h", "c0.count",
                   "-h", "c1.count", "-h", "td.index")
    assert p.returncode == 0, p.stderr
    assert "Fatal error" not in p.stderr and "out of range" not in p.stderr
    assert re.findall(r"^\w+\.\w+:\n(.*)$", p.stdout, re.M) == want
