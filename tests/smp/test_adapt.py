"""``clickc --adapt`` (issue 9): the running router re-measures its tasks and moves them between
threads when the threads' loads drift apart (runtime/sched.c; docs/runtime.md, "Adaptive
re-balancing").

The router (written for this test) has two paths, each InfiniteSource -> UDPIPEncap (numbered
IP IDs) -> checks -> Queue -> Unqueue -> checks -> Counter -> ToDump.  Path 1 runs first; a
Script starts path 2 later, when path 1 is done: the mix shifts from all path 1 to all path 2.
StaticThreadSched puts s1 on thread 0 and s2 on thread 1 (and the placement pass each Unqueue
with its source), so during each phase one thread does all the work.  With enough checks on
both sides of the Queue (150 and 100 CheckIPHeader, -O1 so that pipeline-cut leaves the paths
alone) splitting a path pays for the transfer of each packet between threads (the model:
TRANSFER_CYCLES, passes/costmodel.py), so --adapt must move the busy path's Unqueue to the idle
thread, in one step per phase, and every packet must come out, in order: each path's output
(one flow) equals the ``-j 1`` run's.  A step the runtime then judges worse (on a loaded
machine, or under ThreadSanitizer, splitting may lower the delivered rate) is undone, and
what it measured raises the transfer cost later decisions use: the test then allows phase 2
to refuse its split.  With the usual few checks the transfers would eat the gain: --adapt must
leave the placement alone.  A step that drops packets (a source much faster than its
consumer, split by a model told that transfers are free) must be undone.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.smp.adaptrouter import two_path_config
from tests.smp.test_conformance_j2 import records

ROOT = Path(__file__).resolve().parents[2]
STEP_RE = re.compile(r"^adapt: epoch (\d+) moved (\S+) from thread (\d+) to (\d+), loads "
                     r".*, at ([0-9.]+) ms$")


def shift_config(limit: int, shift_ms: int, src_checks: int = 150, dst_checks: int = 100,
                 capacity: int | None = None) -> str:
    """The two-path router; path 2's source starts at ``shift_ms``; each Queue holds
    ``capacity`` packets (default ``limit``: no drops)."""
    return two_path_config(limit, shift_ms, src_checks, dst_checks, capacity=capacity or limit,
                           sink="ToDump(o{i}.pcap, SNAPLEN 28, ENCAP IP)",
                           origin="tests/smp/test_adapt.py")


def compile_router(cfg: Path, out: Path, nthreads: int, extra: list[str]) -> None:
    p = subprocess.run([sys.executable, "-m", "clickc", "-j", str(nthreads), *extra, str(cfg),
                        "-o", str(out)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr


def run_router(prog: Path, cwd: Path, env: dict[str, str] | None = None
               ) -> tuple[dict[str, int], str, dict[str, object]]:
    handlers = ["c1.count", "c2.count", "q1.drops", "q2.drops", "q1.length", "q2.length"]
    cmd = [str(prog), "--stats=stats.json"] + [a for h in handlers for a in ("-h", h)]
    p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=600,
                       env={**os.environ, **(env or {})})
    assert p.returncode == 0, p.stderr
    assert "ThreadSanitizer" not in p.stderr and "not freed" not in p.stderr, p.stderr
    vals = dict(zip(handlers, (int(x) for x in p.stdout.split()[1::2]), strict=True))
    return vals, p.stderr, json.loads((cwd / "stats.json").read_text())


def steps_by_phase(stderr: str, shift_ms: float) -> tuple[list[int], list[int]]:
    """Epochs of the re-balancing steps before and after ``shift_ms`` into the run."""
    steps = {(int(m.group(1)), float(m.group(5)))
             for m in map(STEP_RE.match, stderr.splitlines()) if m}
    return (sorted(e for e, t in steps if t < shift_ms), sorted(e for e, t in steps
                                                                if t >= shift_ms))


def check_shift(tmp_path: Path, limit: int, shift_ms: int, epoch_ms: int,
                extra: list[str], env: dict[str, str] | None = None) -> None:
    cfg = tmp_path / "shift.click"
    cfg.write_text(shift_config(limit, shift_ms))
    runs = {}
    for name, n, flags in (("j1", 1, []), ("adapt", 2, [f"--adapt={epoch_ms},0.25"])):
        d = tmp_path / name
        d.mkdir()
        compile_router(cfg, d / "router", n, ["-O1", *flags, *extra])
        runs[name] = (d, *run_router(d / "router", d, env if n > 1 else None))
    d, vals, err, stats = runs["adapt"]
    assert vals == {"c1.count": limit, "c2.count": limit, "q1.drops": 0, "q2.drops": 0,
                    "q1.length": 0, "q2.length": 0}, vals
    # nothing lost or reordered: each path (one flow) came out as with one thread
    for o in ("o1.pcap", "o2.pcap"):
        got = [pkt for _, _, pkt in records(d / o, 1 << 32)]
        want = [pkt for _, _, pkt in records(runs["j1"][0] / o, 1 << 32)]
        assert len(got) == limit and got == want, o
    before, after = steps_by_phase(err, shift_ms)
    a = stats["adapt"]
    assert isinstance(a, dict), a
    # one step re-balances each phase: path 1 (threads 0 busy, 1 idle), then path 2, unless an
    # undone step taught the runtime that transfers cost more (then phase 2 may refuse)
    assert len(before) == 1, err
    if a["reverts"] == 0 or len(after) == 1:
        assert len(after) == 1, err
    else:
        assert after == [] and a["transfer_cycles"] > 340 and "not moving" in err, err
    steps = len(before) + len(after)
    assert a["steps"] == steps and a["moves"] >= steps, a
    assert "hand-off done in" in err, err
    # each step was judged (kept, or undone with the reason); the router may stop before the
    # last one's epochs are over (a phase that ends early in them)
    judged = err.count("kept the step of epoch") + err.count("made it worse")
    assert steps - 1 <= judged <= steps, err


@pytest.mark.serial  # times: --adapt measures each epoch's cycles on two threads
def test_mix_shift_rebalances_in_one_step(tmp_path: Path) -> None:
    check_shift(tmp_path, 200_000, 1000, 10, [])


@pytest.mark.serial  # times: --adapt measures each epoch's cycles on two threads
def test_split_eaten_by_transfers_is_refused(tmp_path: Path) -> None:
    """2 checks a side: moving the Unqueue would balance the measured cycles, but with
    TRANSFER_CYCLES per packet handed over the busiest thread gains under the threshold.  (With
    6 checks a side the predicted gain was 20-26% against the 25% threshold, once the checksum
    got cheaper: the test then failed in about half the runs; with 2 it is 7-16%.)"""
    cfg = tmp_path / "light.click"
    cfg.write_text(shift_config(100_000, 300, 2, 2))
    steps = {}
    for name, flags in (("model", []), ("free", ["--cflags=-DCK_ADAPT_TRANSFER_CYCLES=0"])):
        d = tmp_path / name
        d.mkdir()
        compile_router(cfg, d / "router", 2, ["-O1", "--adapt=10,0.25", *flags])
        vals, err, stats = run_router(d / "router", d)
        assert vals["c1.count"] == vals["c2.count"] == 100_000, vals
        a = stats["adapt"]
        assert isinstance(a, dict) and a["epochs"] > 10, a
        steps[name] = (a["steps"], err)
    # with transfers priced the greedy keeps each Unqueue with its source (or refuses the
    # split); believing them free, it splits the busy path
    assert steps["model"][0] == 0 and " moved " not in steps["model"][1], steps
    assert steps["free"][0] >= 1, steps


@pytest.mark.serial  # times: --adapt measures each epoch's cycles on two threads
def test_no_lighter_placement_is_said(tmp_path: Path) -> None:
    """Transfers priced at 20,000 cycles a packet (what an undone step may teach the runtime on
    a machine whose vCPUs share a cache line slowly): no placement but the current one is
    lighter, so --adapt keeps it and says why, once per change of balance, counting the
    imbalanced epochs as refused (the phase-2 case of test_mix_shift_rebalances_in_one_step
    after an undo)."""
    cfg = tmp_path / "dear.click"
    cfg.write_text(shift_config(100_000, 300))
    compile_router(cfg, tmp_path / "router", 2,
                   ["-O1", "--adapt=10,0.25", "--cflags=-DCK_ADAPT_TRANSFER_CYCLES=20000"])
    vals, err, stats = run_router(tmp_path / "router", tmp_path)
    assert vals["c1.count"] == vals["c2.count"] == 100_000, vals
    a = stats["adapt"]
    assert isinstance(a, dict) and a["steps"] == 0 and a["refused"] >= 1, a
    assert " moved " not in err, err
    # said once per change of balance (phase 1, the hand-over between the paths, phase 2),
    # not once per epoch; in an epoch of the hand-over, when both paths run, a placement
    # that hands nothing over may differ and be refused for too small a gain
    said = [ln for ln in err.splitlines() if "not moving" in ln]
    assert 1 <= len(said) <= 4 and a["refused"] > len(said), (a, err)
    none = [ln for ln in said if ln.endswith(": no other placement is lighter with transfers "
                                             "at 20000 cycles per packet")]
    assert none and all(ln in none or ln.endswith("the busiest thread gains under 25%")
                        for ln in said), err


@pytest.mark.serial  # times: --adapt measures each epoch's cycles and drops on two threads
def test_step_that_drops_is_undone(tmp_path: Path) -> None:
    """A light source and a heavy consumer behind a small Queue: on one thread the Unqueue
    empties each burst (no drops); split, the source floods the Queue.  The runtime is built
    believing transfers are free (-DCK_ADAPT_TRANSFER_CYCLES=0) and with a low threshold, so
    it takes that step; the drops it then sees make it undo the step (the Unqueue back on
    thread 0) and pause re-balancing.  The source must be over CK_ADAPT_AFFINITY_TOLERANCE
    (10%) of the consumer's cycles, or the greedy keeps the Unqueue with its partner (with 60
    CheckIPHeaders it was about 9% and the step came in one run of six; 20 were not enough
    once the checksum took ten 16-bit loads); with 8 the split still drops about 60%."""
    cfg = tmp_path / "flood.click"
    cfg.write_text("// tests/smp/test_adapt.py: a light source, a heavy consumer\n"
                   f"s1 :: InfiniteSource(DATA \\<{'00' * 16}>, LIMIT 2000000, BURST 32)\n"
                   "  -> UDPIPEncap(10.0.0.1, 1000, 10.0.1.1, 2000) -> q1 :: Queue(256)\n"
                   "  -> u1 :: Unqueue(BURST 32)" + " -> CheckIPHeader" * 8 + "\n"
                   "  -> c1 :: Counter -> Discard;\n"
                   "idle :: InfiniteSource(ACTIVE false) -> Discard;\n"
                   "StaticThreadSched(s1 0, idle 1);\n")
    compile_router(cfg, tmp_path / "router", 2,
                   ["-O1", "--adapt=10,0.05", "--cflags=-DCK_ADAPT_TRANSFER_CYCLES=0"])
    p = subprocess.run([str(tmp_path / "router"), "--stats=stats.json", "-h", "c1.count",
                        "-h", "q1.drops"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    err = p.stderr
    a = json.loads((tmp_path / "stats.json").read_text())["adapt"]
    # the first step floods the queue and is undone; a run that outlasts the hold-off (a
    # loaded machine) may try again, and that step floods and is undone too
    assert a["steps"] >= 1 and a["reverts"] >= 1 and a["steps"] - a["reverts"] <= 1, (a, err)
    assert "made it worse" in err and "moved u1 back from thread 1 to 0" in err, err
    assert a["holdoff_until_ms"] > 0, a
    m = re.search(r"dropped ([0-9.]+)% -> ([0-9.]+)%", err)
    assert m and float(m.group(2)) > float(m.group(1)) + 1, err


@pytest.mark.serial  # times: --adapt measures each epoch's cycles on two threads
def test_mix_shift_tsan(tsan_ok: None, tmp_path: Path) -> None:
    flags = "-g -fsanitize=thread -fno-omit-frame-pointer"
    check_shift(tmp_path, 60_000, 1500, 20,
                ["-O1", "--cc", "clang", f"--cflags={flags}", f"--ldflags={flags}"],
                {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})


def _rings(text: str, adapt: bool) -> dict[str, str]:
    from clickc.driver import CompileOptions, check, optimize_graph, parse
    from clickc.errors import ErrorHandler
    from clickc.frontend.cmdline import Source

    errh = ErrorHandler()
    graph = check(parse(Source(text=text, name="adapt.click"), {}, errh), errh).graph
    opts = ("placement.adapt=1",) if adapt else ()
    optimize_graph(graph, CompileOptions(threads=2, pass_options=opts), errh, [])
    return {e.name: e.facts.ring for e in graph.elements() if e.facts.ring is not None}


def test_adapt_chooses_rings_safe_for_any_thread() -> None:
    text = ("s1 :: InfiniteSource -> q1 :: Queue -> u1 :: Unqueue -> Discard;\n"
            "s2 :: InfiniteSource -> q2 :: Queue -> u2 :: Unqueue -> Discard;\n"
            "s3 :: InfiniteSource -> q3 :: Queue; s4 :: InfiniteSource -> q3;\n"
            "q3 -> u3 :: Unqueue -> Discard;\n"
            "s5 :: InfiniteSource -> q5 :: Queue -> u5 :: Unqueue -> Discard;\n"
            "StaticThreadSched(s5 1, u5 1);\n")
    static = _rings(text, False)
    assert static["q1"] == static["q2"] == static["q5"] == "local", static
    moving = _rings(text, True)
    # one pushing and one pulling task: spsc wherever they run; two pushing tasks: mpsc;
    # both tasks pinned by StaticThreadSched: still local
    assert moving == {"q1": "spsc", "q2": "spsc", "q3": "mpsc", "q5": "local"}, moving


def test_adapt_option_errors(tmp_path: Path) -> None:
    cfg = tmp_path / "a.click"
    cfg.write_text("InfiniteSource(LIMIT 10, STOP true) -> Queue -> Unqueue -> Discard;\n")
    p = subprocess.run([sys.executable, "-m", "clickc", "-j", "2", "--adapt=0,2", str(cfg), "-o",
                        str(tmp_path / "r")], capture_output=True, text=True, timeout=600)
    assert p.returncode == 1 and "--adapt=0,2: expected EPOCH_MS,THRESHOLD" in p.stderr, p.stderr
    compile_router(cfg, tmp_path / "r", 2, [])
    p = subprocess.run([str(tmp_path / "r"), "--adapt"], capture_output=True, text=True,
                       timeout=60)
    assert p.returncode == 1 and "--adapt needs a router compiled with clickc --adapt" in p.stderr
