"""Routers on two threads (runtime/sched.c, runtime/ring.h, elements/standard/queue.c): a test
pass places elements on threads and picks the rings (tests/runtime/mt_build.py), as the
placement pass of issue 6 does, and the programs must account for every packet exactly:
every packet a source emitted was counted downstream, dropped by a full Queue (counted), or is
still queued; nothing leaks (the runtime makes a leak an error, exit status 1). The TSan
variants (CLICKC_TSAN=1, the .ci/run TSan job) build the same routers with clang's
-fsanitize=thread."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.runtime.mt_build import build

pytestmark = pytest.mark.serial  # routers on two threads (both CPUs)

LIMIT = 300_000

TWO_PATHS = f"""
s1 :: InfiniteSource(LIMIT {LIMIT}, BURST 32);
s2 :: InfiniteSource(LIMIT {LIMIT}, BURST 32);
q1 :: Queue(1024); q2 :: Queue(1024);
u1 :: Unqueue(BURST 32); u2 :: Unqueue(BURST 32);
c1 :: Counter; c2 :: Counter;
d1 :: Discard; d2 :: Discard;
s1 -> q1 -> u1 -> c1 -> d1;
s2 -> q2 -> u2 -> c2 -> d2;
"""

#: Each path crosses threads: s1 on 0 feeds u1 on 1, s2 on 1 feeds u2 on 0.
CROSSED = {"s1": 0, "u1": 1, "c1": 1, "d1": 1, "s2": 1, "u2": 0, "c2": 0, "d2": 0}
#: Each path on its own thread (Queues local).
SPLIT = {"s1": 0, "u1": 0, "c1": 0, "d1": 0, "s2": 1, "u2": 1, "c2": 1, "d2": 1}

MERGE = f"""
s1 :: InfiniteSource(LIMIT {LIMIT}, BURST 32);
s2 :: InfiniteSource(LIMIT {LIMIT}, BURST 32);
q :: Queue(1024); u :: Unqueue(BURST 64); c :: Counter; d :: Discard;
s1 -> q; s2 -> q; q -> u -> c -> d;
"""

STOPPING = f"""
s :: InfiniteSource(LIMIT {LIMIT}, BURST 16, STOP true);
q :: Queue(512); u :: Unqueue(BURST 32); c :: Counter; d :: Discard;
s -> q -> u -> c -> d;
DriverManager(wait_stop, wait 1ms, stop);
"""


def _run(exe: Path, handlers: list[str], tmp: Path,
         env: dict[str, str] | None = None) -> tuple[dict[str, int], dict[str, object]]:
    stats = tmp / "stats.json"
    args = [str(exe), f"--stats={stats}"]
    for h in handlers:
        args += ["-h", h]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})
    assert proc.returncode == 0, proc.stderr
    assert "not freed" not in proc.stderr and "ThreadSanitizer" not in proc.stderr, proc.stderr
    values: dict[str, int] = {}
    name = None
    for line in proc.stdout.splitlines():
        if line.endswith(":") and line[:-1] in handlers:
            name = line[:-1]
        elif line.strip() and name:
            values[name] = int(line)
            name = None
    return values, json.loads(stats.read_text())


def _handlers(*names: str) -> list[str]:
    out = []
    for n in names:
        kind = "count" if n.startswith("c") else "drops"
        out.append(f"{n}.{kind}")
        if n.startswith("q"):
            out.append(f"{n}.length")
    return out


@pytest.mark.parametrize("ring", ["spsc", "mpsc", "mpmc"])
def test_two_crossed_paths_account_for_every_packet(tmp_path: Path, ring: str) -> None:
    exe = build(TWO_PATHS, CROSSED, {"q1": (ring, 1), "q2": (ring, 1)}, 2, tmp_path / "r")
    assert "#define QUEUE_RING CK_RING_" + ring.upper() in (tmp_path / "r.c").read_text()
    v, st = _run(exe, _handlers("c1", "c2", "q1", "q2"), tmp_path)
    for i in ("1", "2"):
        assert v[f"c{i}.count"] + v[f"q{i}.drops"] + v[f"q{i}.length"] == LIMIT, v
        assert v[f"q{i}.length"] == 0, v  # the consumer drained before the router stopped
    assert st["nthreads"] == 2
    threads = st["threads"]
    assert isinstance(threads, list)
    assert [t["packets"] for t in threads] == [LIMIT, LIMIT]
    # d1 is pushed to (no task: a Discard schedules one only when its input is pull)
    assert {tk["element"] for tk in threads[1]["tasks"]} == {"s2", "u1"}


def test_split_paths_lose_nothing(tmp_path: Path) -> None:
    """Each path on its own thread with local Queues: a round pushes one burst and pulls one
    burst, so no Queue overflows and the counts are exact."""
    exe = build(TWO_PATHS, SPLIT, {}, 2, tmp_path / "r")
    text = (tmp_path / "r.c").read_text()
    assert "CK_RING_SPSC" not in text and text.count("#define QUEUE_RING CK_RING_LOCAL") == 2
    v, st = _run(exe, _handlers("c1", "c2", "q1", "q2"), tmp_path)
    assert v == {"c1.count": LIMIT, "c2.count": LIMIT, "q1.drops": 0, "q1.length": 0,
                 "q2.drops": 0, "q2.length": 0}
    threads = st["threads"]
    assert isinstance(threads, list)
    assert [t["task_packets"] for t in threads] == [2 * LIMIT, 2 * LIMIT]


def test_two_producers_one_queue(tmp_path: Path) -> None:
    exe = build(MERGE, {"s1": 0, "s2": 1, "u": 1, "c": 1, "d": 1}, {"q": ("mpsc", 2)}, 2,
                tmp_path / "r")
    assert "#define QUEUE_NPRODUCERS 2" in (tmp_path / "r.c").read_text()
    v, st = _run(exe, _handlers("c", "q"), tmp_path)
    assert v["c.count"] + v["q.drops"] + v["q.length"] == 2 * LIMIT, v
    # Thread 1 frees the packets of both sources: once it has freed more than it allocated by
    # more than its free list holds (4096), the surplus went to the depot in batches of 64 (SMP
    # Click 4.4), and thread 0, which freed fewer than it allocated, took batches back instead
    # of carving new memory for them all. (How many of s1's packets reach thread 1 depends on
    # the scheduling of the two threads, hence the condition.)
    threads = st["threads"]
    assert isinstance(threads, list)
    p0, p1 = threads[0]["pool"], threads[1]["pool"]
    surplus = p1["freed"] - p1["allocated"]
    if surplus > 4096 + 64:
        assert p1["depot_puts"] >= (surplus - 4096) // 64
    if p0["depot_gets"] == 0:
        assert p0["malloced"] >= p0["allocated"] - p0["freed"]
    # Both threads dropped at q (when full); --stats sums their drop tables.
    q = next(e for e in st["elements"] if e["name"] == "q")  # type: ignore[union-attr]
    assert q["drops"] == v["q.drops"]
    assert q["drop_reasons"] == ({"queue full": v["q.drops"]} if v["q.drops"] else {})


SLOW = """
s :: RatedSource(RATE 2000, LIMIT 300);
q :: Queue(1000); u :: Unqueue; c :: Counter; d :: Discard;
s -> q -> u -> c -> d;
"""

TIMED = """
s :: InfiniteSource(LIMIT 1500, BURST 50);
q :: Queue(2000); u :: RatedUnqueue(RATE 10000); c :: Counter; d :: Discard;
s -> q -> u -> c -> d;
"""


def test_idle_thread_backs_off(tmp_path: Path) -> None:
    """Thread 1 waits for a slow source on thread 0 (2000 packets/s): it sleeps instead of
    spinning, and every packet arrives.  After each packet the back-off spins at most
    CK_SPIN_ROUNDS (32) idle rounds, then every idle round sleeps (runtime/sched.c
    ``idle_wait``), so idle rounds are bounded by the sleeps and 33 per packet; a spinning
    thread would make hundreds of thousands in the 0.15 s run.  Its CPU time is checked only
    loosely: a sleep's CPU cost is the machine's (about 50 us of thread CPU time per nanosleep
    on a KVM guest whose timer programming exits to the host: 60-70% of the run in ~2,000
    sleeps of at most 50 us; under 20% on others), a spinning thread's is the whole run."""
    exe = build(SLOW, {"s": 0, "u": 1, "c": 1, "d": 1}, {"q": ("spsc", 1)}, 2, tmp_path / "r")
    v, st = _run(exe, _handlers("c", "q"), tmp_path)
    assert v["c.count"] == 300 and v["q.drops"] == 0, v
    threads = st["threads"]
    assert isinstance(threads, list)
    t1 = threads[1]
    assert t1["sleeps"] > 0 and t1["idle_rounds"] > t1["busy_rounds"]
    # (a few more spinning rounds while thread 0 probes for quiescence at the end)
    assert t1["idle_rounds"] <= t1["sleeps"] + 33 * t1["busy_rounds"] + 1000, t1
    assert t1["cpu_s"] < 0.9 * t1["elapsed_s"], t1


def test_timers_run_on_the_elements_thread(tmp_path: Path) -> None:
    """RatedUnqueue on thread 1 waits with a timer (initialized on its thread, so it runs
    there); every packet comes through at the rate, and the router ends when the last timer
    and packet are done."""
    exe = build(TIMED, {"s": 0, "u": 1, "c": 1, "d": 1}, {"q": ("spsc", 1)}, 2, tmp_path / "r")
    v, st = _run(exe, _handlers("c", "q"), tmp_path)
    assert v == {"c.count": 1500, "q.drops": 0, "q.length": 0}, v
    threads = st["threads"]
    assert isinstance(threads, list)
    assert threads[1]["elapsed_s"] > 0.1  # 1500 packets at 10000/s


def test_frontdropqueue_between_threads(tmp_path: Path) -> None:
    exe = build(TWO_PATHS.replace("Queue(1024)", "FrontDropQueue(64)"), CROSSED,
                {"q1": ("spsc", 1), "q2": ("spsc", 1)}, 2, tmp_path / "r")
    v, _ = _run(exe, _handlers("c1", "c2", "q1", "q2"), tmp_path)
    for i in ("1", "2"):
        assert v[f"c{i}.count"] + v[f"q{i}.drops"] + v[f"q{i}.length"] == LIMIT, v


def test_stop_request_from_another_thread(tmp_path: Path) -> None:
    """A source on thread 1 asks to stop (STOP true); thread 0's DriverManager absorbs the
    request, waits, then stops the router: everything is accounted for."""
    exe = build(STOPPING, {"s": 1, "u": 0, "c": 0, "d": 0}, {"q": ("spsc", 1)}, 2,
                tmp_path / "r")
    v, _ = _run(exe, _handlers("c", "q"), tmp_path)
    assert v["c.count"] + v["q.drops"] + v["q.length"] == LIMIT, v


TSAN = ["-g", "-fsanitize=thread", "-fno-omit-frame-pointer"]


@pytest.mark.parametrize("ring", ["spsc", "mpsc", "mpmc"])
def test_crossed_paths_tsan(tsan_ok: None, tmp_path: Path, ring: str) -> None:
    exe = build(TWO_PATHS, CROSSED, {"q1": (ring, 1), "q2": (ring, 1)}, 2, tmp_path / "r",
                opt=1, extra_cflags=TSAN, extra_ldflags=TSAN, cc="clang")
    v, _ = _run(exe, _handlers("c1", "c2", "q1", "q2"), tmp_path,
                {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})
    for i in ("1", "2"):
        assert v[f"c{i}.count"] + v[f"q{i}.drops"] + v[f"q{i}.length"] == LIMIT, v


def test_merge_stop_and_timers_tsan(tsan_ok: None, tmp_path: Path) -> None:
    env = {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"}
    exe = build(MERGE, {"s1": 0, "s2": 1, "u": 1, "c": 1, "d": 1}, {"q": ("mpsc", 2)}, 2,
                tmp_path / "m", opt=1, extra_cflags=TSAN, extra_ldflags=TSAN, cc="clang")
    v, _ = _run(exe, _handlers("c", "q"), tmp_path, env)
    assert v["c.count"] + v["q.drops"] + v["q.length"] == 2 * LIMIT, v
    exe = build(STOPPING, {"s": 1, "u": 0, "c": 0, "d": 0}, {"q": ("spsc", 1)}, 2,
                tmp_path / "s", opt=1, extra_cflags=TSAN, extra_ldflags=TSAN, cc="clang")
    v, _ = _run(exe, _handlers("c", "q"), tmp_path, env)
    assert v["c.count"] + v["q.drops"] + v["q.length"] == LIMIT, v
    exe = build(TIMED, {"s": 0, "u": 1, "c": 1, "d": 1}, {"q": ("spsc", 1)}, 2,
                tmp_path / "t", opt=1, extra_cflags=TSAN, extra_ldflags=TSAN, cc="clang")
    v, _ = _run(exe, _handlers("c", "q"), tmp_path, env)
    assert v == {"c.count": 1500, "q.drops": 0, "q.length": 0}, v


def test_threadsafequeue_on_one_thread_is_clicks(tmp_path: Path) -> None:
    """ThreadSafeQueue instantiates queue.c: on one thread (ring local) it behaves as Click's.
    Expected values recorded from Click:
    $CLICK_PREFIX/bin/click tsq.click -h q.length -h q.drops -h q.highwater_length
    with tsq.click = the configuration below (prints 2, 7, 3 and one overflow line)."""
    conf = "InfiniteSource(LIMIT 10, BURST 10, STOP true) -> q :: ThreadSafeQueue(3) -> Discard;\n"
    exe = build(conf, {}, {}, 1, tmp_path / "r")
    proc = subprocess.run([str(exe), "-h", "q.length", "-h", "q.drops", "-h", "q.highwater_length"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "q.length:\n2\n\nq.drops:\n7\n\nq.highwater_length:\n3\n\n"
    assert proc.stderr == "q :: ThreadSafeQueue: overflow\n"

