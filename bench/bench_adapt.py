#!/usr/bin/env python3
"""Benchmark of issue 9's runtime adaptation: a router whose traffic mix shifts mid-run.

    python3 bench/bench_adapt.py [-n RUNS] [--limit PACKETS] [--shift-ms MS]
                                 [--checks SRC,DST] [-O LEVEL] [--json FILE]

The router (:func:`config`, written for this benchmark) has two paths, each InfiniteSource
(64-byte frames, ``BURST 32``) -> UDPIPEncap -> SRC x CheckIPHeader -> Queue(4096) -> Unqueue ->
DST x CheckIPHeader -> Counter -> Discard (default 14 and 10: the source's side is the heavier,
so when the two sides run on two threads the Unqueue keeps up and the queue does not
overflow; ``--checks 60,40 -O 1`` gives paths heavy enough that splitting one pays for its
transfers, -O1 so that pipeline-cut does not split them at compile time). Path 1 runs from
the start (``LIMIT`` packets); path 2 starts at ``--shift-ms`` (a Script sets its source active)
when path 1 is done: the mix shifts from all path 1 to all path 2. StaticThreadSched keeps
source 1 on thread 0 and source 2 (and the Script) on thread 1; the placement pass puts each
Unqueue with its source, so with a static placement each phase runs on one thread while the
other idles.

One build, ``clickc -O2 -j 2 --adapt=10,0.25``, runs two ways, alternating, ``-n`` times each:
"static" (``--no-adapt --adapt-trace``: measured, never moved) and "adapt" (``--adapt
--adapt-trace``).  ``--adapt-trace`` prints one line per 10 ms epoch with the packets all tasks
moved per second (a packet counts twice: its source pushes it, its Unqueue pulls it) and the
threads' loads; the re-balancing steps are the ``moved`` lines.  Reported (medians): the steps
per phase and their time after the phase began (the first epoch ends 10 ms in), the hand-off
time, each phase's throughput in Mpps (packets of the path / the epochs it was active, from
the trace, and the packets its Counter saw: drops excluded) for static and adapt, the queue
drops, adapt's offered rate (the trace's task packets / 2) in the epochs before and after
its step, and how many splits adapt refused (the transfers eat the gain) and steps it undid
(the epochs after the step delivered less, dropped more or cost the busiest thread more per
packet).  The machine may be shared: the 1-minute load average is printed.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "smp"))
from adaptrouter import two_path_config  # noqa: E402
from benchlib import save_json, scratch_dir  # noqa: E402

EPOCH_RE = re.compile(r"^adapt: epoch (\d+) at ([0-9.]+) ms: ([0-9.]+) M task packets/s")
STEP_RE = re.compile(r"^adapt: epoch (\d+) moved (\S+) from thread (\d+) to (\d+), .* at "
                     r"([0-9.]+) ms$")
DONE_RE = re.compile(r"^adapt: epoch (\d+): hand-off done in ([0-9.]+) us")
UNDO_RE = re.compile(r"^adapt: epoch (\d+): the step of epoch (\d+) made it worse")
REFUSE_RE = re.compile(r"^adapt: epoch (\d+): not moving")


def config(limit: int, shift_ms: int, src_checks: int = 14, dst_checks: int = 10) -> str:
    """The two-path router (see the module docstring)."""
    return two_path_config(limit, shift_ms, src_checks, dst_checks, capacity=4096,
                           sink="Discard", origin="bench/bench_adapt.py")


def one_run(prog: Path, mode: str, limit: int, shift_ms: float) -> dict[str, Any]:
    """Run ``prog`` once (mode "static" or "adapt"); the trace's figures."""
    flags = ["--no-adapt"] if mode == "static" else ["--adapt"]
    p = subprocess.run([str(prog), *flags, "--adapt-trace", "-h", "c1.count", "-h", "c2.count",
                        "-h", "q1.drops", "-h", "q2.drops"], capture_output=True, text=True,
                       timeout=600)
    if p.returncode != 0:
        raise SystemExit(f"{prog} {mode} failed:\n{p.stderr}")
    vals = [int(x) for x in p.stdout.split()[1::2]]
    if vals[0] + vals[2] != limit or vals[1] + vals[3] != limit:
        raise SystemExit(f"{mode}: counted {vals}, expected {limit} per path")
    epochs = [(float(m.group(2)), float(m.group(3)))
              for m in map(EPOCH_RE.match, p.stderr.splitlines()) if m]
    steps = sorted({(int(m.group(1)), float(m.group(5)))
                    for m in map(STEP_RE.match, p.stderr.splitlines()) if m})
    handoffs = [float(m.group(2)) for m in map(DONE_RE.match, p.stderr.splitlines()) if m]
    # epoch -> its end time in ms, to place the undo and refusal lines in their phase
    at = {k + 1: t for k, (t, _) in enumerate(epochs)}
    undos = [at.get(int(m.group(1)), 0.0) for m in map(UNDO_RE.match, p.stderr.splitlines())
             if m]
    refusals = [at.get(int(m.group(1)), 0.0)
                for m in map(REFUSE_RE.match, p.stderr.splitlines()) if m]
    out: dict[str, Any] = {"drops": vals[2] + vals[3], "steps": steps, "handoff_us": handoffs}
    for k, (phase, (lo, hi)) in enumerate((("phase1", (0.0, shift_ms)),
                                           ("phase2", (shift_ms, 1e12)))):
        # each epoch's span from the trace's times (an epoch ends when thread 0 notices, so on
        # a busy machine it lasts more than 10 ms)
        spans = [(t, r, t - (epochs[k - 1][0] if k else 0.0)) for k, (t, r) in enumerate(epochs)]
        active = [(t, r) for t, r, d in spans if lo <= t - d < hi and r > 0.05]
        # packets the path delivered (its Counter) / the time of the epochs it was active in
        secs = sum(d for t, r, d in spans if lo <= t - d < hi and r > 0.05) / 1e3
        out[f"{phase}_mpps"] = vals[k] / secs / 1e6 if secs else 0.0
        out[f"{phase}_drops"] = vals[k + 2]
        ph_steps = [t for _, t in steps if lo <= t < hi]
        out[f"{phase}_steps"] = len(ph_steps)
        out[f"{phase}_undone"] = sum(1 for t in undos if lo <= t < hi)
        out[f"{phase}_refused"] = sum(1 for t in refusals if lo <= t < hi)
        if ph_steps:
            first = ph_steps[0]
            out[f"{phase}_step_after_ms"] = first - lo
            # the trace counts a packet twice (pushed by its source, pulled by its Unqueue)
            # and also counts packets a full queue then dropped
            before = [r / 2 for t, r in active if t <= first]
            after = [r / 2 for t, r in active if t > first + 10]
            out[f"{phase}_before_mpps"] = statistics.median(before) if before else 0.0
            out[f"{phase}_after_mpps"] = statistics.median(after) if after else 0.0
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=3)
    ap.add_argument("--limit", type=int, default=2_000_000, help="packets per path")
    ap.add_argument("--shift-ms", type=int, default=1500,
                    help="when path 2 starts (path 1 must be done by then)")
    ap.add_argument("--checks", default="14,10", metavar="SRC,DST",
                    help="CheckIPHeader elements before and after each Queue")
    ap.add_argument("-O", dest="opt", type=int, default=2, help="clickc -O level")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    src_checks, dst_checks = (int(x) for x in args.checks.split(","))
    with scratch_dir("bench_adapt.") as tmp:
        cfg = tmp / "shift.click"
        cfg.write_text(config(args.limit, args.shift_ms, src_checks, dst_checks))
        prog = tmp / "router"
        p = subprocess.run([sys.executable, "-m", "clickc", f"-O{args.opt}", "-j", "2",
                            "--adapt=10,0.25",
                            str(cfg), "-o", str(prog)], capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"clickc failed:\n{p.stderr}")
        runs: dict[str, list[dict[str, Any]]] = {"static": [], "adapt": []}
        loads = [os.getloadavg()[0]]
        for _ in range(args.runs):
            for mode in runs:
                runs[mode].append(one_run(prog, mode, args.limit, args.shift_ms))
            loads.append(os.getloadavg()[0])
        result: dict[str, Any] = {"limit": args.limit, "shift_ms": args.shift_ms,
                                  "checks": [src_checks, dst_checks], "opt": args.opt,
                                  "runs": runs, "loadavg_1min": loads}

        def med(mode: str, key: str) -> float:
            vals = [r[key] for r in runs[mode] if key in r]
            return statistics.median(vals) if vals else float("nan")

        print(f"-O{args.opt}, {src_checks} + {dst_checks} checks; {args.runs} alternating runs "
              f"of each; {os.cpu_count()} CPUs; 1-minute load average "
              f"{min(loads):.2f}..{max(loads):.2f}; medians")
        print(f"{'':<36} {'phase 1':>10} {'phase 2':>10}")
        for label, key, mode in (
                ("re-balancing steps (adapt)", "steps", "adapt"),
                ("steps undone (adapt)", "undone", "adapt"),
                ("splits refused (adapt, log lines)", "refused", "adapt"),
                ("step, ms after the phase began", "step_after_ms", "adapt"),
                ("delivered Mpps, static placement", "mpps", "static"),
                ("delivered Mpps, --adapt", "mpps", "adapt"),
                ("queue drops, static placement", "drops", "static"),
                ("queue drops, --adapt", "drops", "adapt"),
                ("offered Mpps, --adapt, before step", "before_mpps", "adapt"),
                ("offered Mpps, --adapt, after step", "after_mpps", "adapt")):
            a, b = med(mode, f"phase1_{key}"), med(mode, f"phase2_{key}")
            print(f"{label:<36} {a:>10.2f} {b:>10.2f}")
        ho = [h for r in runs["adapt"] for h in r["handoff_us"]]
        if ho:
            print(f"hand-off (decision to the task running on its new thread): median "
                  f"{statistics.median(ho):.0f} us, max {max(ho):.0f} us ({len(ho)} steps)")
        save_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
