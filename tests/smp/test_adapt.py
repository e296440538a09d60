"""``clickc --adapt`` (issue 9): the running router re-measures its tasks and moves them between
threads when the threads' loads drift apart (runtime/sched.c; docs/runtime.md, "Adaptive
re-balancing").

The router (written for this test) has two paths, each InfiniteSource -> UDPIPEncap (numbered
IP IDs) -> checks -> Queue -> Unqueue -> checks -> Counter -> ToDump.  Path 1 runs first; a
Script starts path 2 later, when path 1 is done: the mix shifts from all path 1 to all path 2.
StaticThreadSched puts s1 on thread 0 and s2 on thread 1 (and the placement pass each Unqueue
with its source), so during each phase one thread does all the work: --adapt must move the busy
path's Unqueue to the idle thread, in one step per phase, and every packet must come out, in
order: each path's output (one flow) equals the ``-j 1`` run's.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.runtime.test_rings import tsan_enabled, tsan_missing
from tests.smp.test_conformance_j2 import records

ROOT = Path(__file__).resolve().parents[2]
STEP_RE = re.compile(r"^adapt: epoch (\d+) moved (\S+) from thread (\d+) to (\d+), loads "
                     r".*, at ([0-9.]+) ms$")


def shift_config(limit: int, shift_ms: int, checks: int = 12) -> str:
    """The two-path router; path 2's source starts at ``shift_ms``."""
    chk = " -> CheckIPHeader" * checks
    out = ["// tests/smp/test_adapt.py: the mix shifts from path 1 to path 2\n"]
    for i in (1, 2):
        out.append(
            f"s{i} :: InfiniteSource(DATA \\<{'00' * 16}>, LIMIT {limit}, BURST 32, "
            f"ACTIVE {'true' if i == 1 else 'false'})\n"
            f"  -> UDPIPEncap(10.0.0.{i}, 1000, 10.0.1.1, 2000){chk}\n"
            f"  -> q{i} :: Queue({limit}) -> u{i} :: Unqueue(BURST 32){chk}\n"
            f"  -> c{i} :: Counter -> ToDump(o{i}.pcap, SNAPLEN 28, ENCAP IP);\n")
    # The sources stay where the placement puts them (so only the Unqueues may move), and the
    # Script that starts s2 runs on s2's thread: its write of s2.active is then not a race.
    out.append(f"sc :: Script(wait {shift_ms}ms, write s2.active true);\n"
               "StaticThreadSched(s1 0, s2 1, sc 1);\n")
    return "".join(out)


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
        compile_router(cfg, d / "router", n, flags + extra)
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
    # one step re-balances each phase: path 1 (threads 0 busy, 1 idle), then path 2
    assert len(before) == 1 and len(after) == 1, err
    a = stats["adapt"]
    assert isinstance(a, dict) and a["steps"] == 2 and a["moves"] >= 2, a
    assert "hand-off done in" in err, err


def test_mix_shift_rebalances_in_one_step(tmp_path: Path) -> None:
    check_shift(tmp_path, 200_000, 1000, 10, [])


@pytest.fixture(scope="module")
def tsan_ok(tmp_path_factory: pytest.TempPathFactory) -> None:
    if not tsan_enabled():
        pytest.skip("ThreadSanitizer builds run in the TSan job (CLICKC_TSAN=1, .ci/run)")
    reason = tsan_missing(tmp_path_factory.mktemp("tsan"))
    if reason:
        pytest.skip(reason)


def test_mix_shift_tsan(tsan_ok: None, tmp_path: Path) -> None:
    flags = "-g -fsanitize=thread -fno-omit-frame-pointer"
    check_shift(tmp_path, 60_000, 1500, 20,
                ["-O1", "--cc", "clang", f"--cflags={flags}", f"--ldflags={flags}"],
                {"TSAN_OPTIONS": "halt_on_error=1 exitcode=66"})


def _rings(text: str, adapt: bool) -> dict[str, str]:
    from clickc.backend.pipeline import (
        PassOptions,
        check_and_bind,
        default_frontend,
        run_optimizing_passes,
    )
    from clickc.elements import registry
    from clickc.errors import ErrorHandler

    fe = default_frontend()
    errh = ErrorHandler()
    assert fe.parse_string is not None
    graph = fe.parse_string(text, "adapt.click", {}, errh, set(registry.class_names()),
                            expand_vars=True)
    check_and_bind(graph, fe, errh)
    opts = {"placement.adapt": "1"} if adapt else {}
    run_optimizing_passes(graph, fe, errh, 2, PassOptions(nthreads=2, options=opts))
    return {e.name: e.attrs["ring"] for e in graph.elements() if "ring" in e.attrs}


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
