#!/usr/bin/env python3
"""Benchmark of issue 9: Wu and Wolf's dual-path router on two threads, static placement
against profile-guided placement against Click.

    python3 bench/bench_dualpath.py [-n RUNS] [--scenarios I,II,III] [--sizes 64,1452]
                                    [--limit64 N] [--limit1452 N] [--strategy auto]
                                    [--pass-option NAME=VALUE ...]
                                    [--click PROGRAM] [--no-click] [--json FILE]

The router is examples/dualpath.click (Wu and Wolf's dual-path IP/VPN router: a StrideSwitch
sends ``PLAIN : VPN`` of the packets along Path I, IP forwarding, or Path II, the VPN tunnel
entry then IP forwarding), generated into a benchmark variant by :func:`config`: the input is
an ``InfiniteSource`` emitting one Ethernet/IPv4/UDP frame (:func:`frame`: 64 bytes in all, or
a 1452-byte IP packet, Wu and Wolf's sizes) ``LIMIT`` times in bursts of 32, the output Queue
is unchanged and a ``Discard(BURST 64)`` takes the place of ToDump (the
benchmark measures the router, not pcap writing; pulling up to 64 packets a call, it keeps up
with the source's bursts of 32 when both share a thread, as in bench/bench_smp.py: with Click's
default of one packet a call the queue would grow by 31 packets a round and the run would
measure fresh buffer memory).  Scenarios (Wu and Wolf's): I = 99:1, II = 50:50, III = 1:99
plain forwarding : VPN.

Programs, each per scenario and size:

(a) ``static``: ``clickc -O2 -j 2`` without a profile (the cost estimates of the element
    specs; flow-split, pipeline-cut and the greedy placement as they decide);
(a') ``smp``: SMP Click's static placement, the baseline of Wu and Wolf's 1.32x: ``clickc
    -O2 -j 2`` with flow-split and pipeline-cut left out of the pipeline (``--passes``), so
    the router is not rewritten (no task duplication) and the cost-sorted greedy places its
    schedulable elements as SMP Click's static assignment would;
(b) ``profiled``: the -O2 build with ``--profile-generate`` is run once on the scenario's
    traffic (``--profile-limit`` packets, 4 x LIMIT by default: one packet in 256 task calls
    is sampled, so a short run measures rare paths poorly), then ``clickc -O2 -j 2
    --profile-use PROFILE --pass-option placement.strategy=STRATEGY`` (``auto`` by default:
    the greedy or Wu and Wolf's UDFS, whichever predicts the smaller busiest-thread load;
    ``--keep DIR`` saves each build's ``--explain``).  The profile is taken with -j 2, so it
    has the flow-split replicas' own counts (how a flow key actually spreads the traffic);
(c) ``click``: Click's userlevel driver (``$CLICK_PREFIX/bin/click``, a single-threaded build:
    one thread, Click's own task scheduling), with ``STOP true`` and ``DriverManager(pause,
    stop)`` so it stops when the source is done.

Queues (``--queues``): ``run`` (the default) gives the output Queue and the queues flow-split
and pipeline-cut insert a whole run's capacity, so nothing drops and every program forwards
the same packets; the price is that where a plan's first thread outruns its second the
backlog takes fresh buffer memory, charged to the faster thread.  ``example`` keeps the
example's Queue(4096) and the passes' defaults: the queue between two threads then drops
when the first outruns the second (no back-pressure from a source), as a router's input
would, and drops change the mix of what is forwarded.  The figures are per *forwarded*
packet (``c_out.count + q.length``; ``c_in`` counts every input packet and the rest are the
drops, reported in %): the busiest thread's CPU time per forwarded packet is the cost of the
router's bottleneck.  The cross-CPU round trip (bench/xcpu.c) is printed before and after:
two-thread figures move with it.  Runs alternate (static, smp, profiled, click, static, ...),
``-n`` of each.  Reported per program: the busiest thread's CPU ns per forwarded packet
(``--stats``: ``CLOCK_THREAD_CPUTIME_ID`` per thread; what the wall clock would be with a free
CPU per thread, so the figure that stays meaningful on a machine other processes share; for
Click the process's CPU time), the wall-clock ns per forwarded packet, the process's CPU ns
per forwarded packet, and the drops; medians.  The speedups of (b) over (a) and over (a')
are ratios of the busiest threads' figures (and of the wall clocks).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_iprouter01 import run  # noqa: E402
from benchlib import handler_values, oracle_click, udp_frame  # noqa: E402
from clickc.passes.manager import PIPELINES  # noqa: E402
from xcpu import describe, round_trip_ns  # noqa: E402

#: The -O2 pipeline without the rewrites that duplicate or cut (SMP Click's static placement).
NO_REWRITE = ",".join(n for n in PIPELINES[2] if n not in ("flow-split", "pipeline-cut"))

ROOT = Path(__file__).resolve().parent.parent
DUALPATH = ROOT / "examples" / "dualpath.click"
SCENARIOS = {"I": (99, 1), "II": (50, 50), "III": (1, 99)}
COUNTS = ("c_in.count", "c_out.count", "q.length")


def frame(size: int) -> str:
    """An Ethernet/IPv4/UDP frame as a Click ``\\<hex>`` string: 64 bytes in all for size 64,
    an IP packet of ``size`` bytes otherwise; 10.0.0.2 -> 10.1.0.2 (a destination both
    paths route: Path II's tunnel covers 0.0.0.0/1), TTL 64, checksum set."""
    return udp_frame(size, "52540012351052540012350a0800")


def config(limit: int, size: int, click: bool, capacity: int = 0) -> str:
    """examples/dualpath.click with the benchmark's input and output (module docstring);
    ``capacity``: the output Queue's (0: the example's 4096).  Raises SystemExit when the
    example no longer has the lines this rewrites."""
    text = DUALPATH.read_text()
    stop = "true" if click else "false"
    subs = [
        (r"src :: FromDump\(\$IN, STOP true\);",
         f"src :: InfiniteSource(DATA {frame(size)}, LIMIT {limit}, BURST 32, STOP {stop});"),
        (r"-> ToDump\(\$OUT\);", "-> Discard(BURST 64);"),
        (r"q :: Queue\(4096\)", f"q :: Queue({capacity or 4096})"),
        (r"DriverManager\(wait_stop,.*?stop\);",
         "DriverManager(pause, stop);" if click else ""),
    ]
    for pat, rep in subs:
        text, n = re.subn(pat, lambda _m, r=rep: r, text, count=1, flags=re.S)
        if n != 1:
            raise SystemExit(f"{DUALPATH}: no line matching {pat!r} to rewrite")
    return "// generated by bench/bench_dualpath.py from examples/dualpath.click\n" + text


def compile_clickc(cfg: Path, exe: Path, params: list[str], extra: list[str]) -> str:
    """``clickc -O2 -j 2`` of ``cfg``; returns its ``--explain`` text."""
    cmd = [sys.executable, "-m", "clickc", "-O2", "-j", "2", str(cfg), *params, "-o", str(exe),
           "--explain", *extra]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{p.stderr}")
    return p.stderr


def handlers(out: str) -> dict[str, int]:
    """``-h`` output (``NAME:`` then the value) -> {name: value}."""
    return {k: int(v) for k, v in handler_values(out).items()}


def timed(cmd: list[str], limit: int, stats: Path | None) -> tuple[float, float, float, int]:
    """(wall s, process CPU s, busiest thread's CPU s, packets forwarded) of one run; fails
    unless LIMIT packets came in and (clickc) the queues' drops account for the rest."""
    extra = [f"--stats={stats}"] if stats is not None else []
    out, wall, cpu = run(cmd + extra + [a for h in COUNTS for a in ("-h", h)])
    v = handlers(out)
    fwd = v["c_out.count"] + v["q.length"]
    if v["c_in.count"] != limit or fwd <= 0:
        raise SystemExit(f"{' '.join(cmd)}: in {v['c_in.count']}, forwarded {fwd}; "
                         f"expected {limit} in")
    busiest = cpu
    if stats is not None:
        data = json.loads(stats.read_text())
        drops = sum(int(e.get("drops", 0)) for e in data["elements"]
                    if e["class"] in ("Queue", "SimpleQueue"))
        if fwd + drops != limit:
            raise SystemExit(f"{' '.join(cmd)}: forwarded {fwd} + dropped {drops} != {limit}")
        busiest = max(float(t["cpu_s"]) for t in data["threads"])
    return wall, cpu, busiest, fwd


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=3, help="runs of each program (median)")
    ap.add_argument("--scenarios", default="I,II,III")
    ap.add_argument("--sizes", default="64,1452")
    ap.add_argument("--limit64", type=int, default=300000, help="packets per run, 64 bytes")
    ap.add_argument("--limit1452", type=int, default=40000, help="packets per run, 1452 bytes")
    ap.add_argument("--profile-limit", type=int, default=0,
                    help="packets of the profiling run (default 4 x the run's)")
    ap.add_argument("--strategy", default="auto", help="placement.strategy of (b)")
    ap.add_argument("--queues", choices=("run", "example"), default="run",
                    help="queue capacities: hold the whole run (no drops), or the example's")
    ap.add_argument("--pass-option", action="append", default=[], metavar="NAME=VALUE",
                    help="a --pass-option for every clickc build (static, profiling, profiled)")
    ap.add_argument("--click", default=oracle_click(),
                    help="Click's driver (default $CLICK_PREFIX/bin/click)")
    ap.add_argument("--no-click", action="store_true")
    ap.add_argument("--keep", type=Path, help="keep configurations, profiles and --explain here")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    use_click = not a.no_click and Path(a.click).exists()
    results: dict[str, Any] = {"xcpu_before_ns": round_trip_ns()}
    print(describe(results["xcpu_before_ns"]) + " before the runs (bench/xcpu.c)")
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for size in (int(s) for s in a.sizes.split(",")):
            limit = a.limit64 if size == 64 else a.limit1452
            for sc in a.scenarios.split(","):
                plain, vpn = SCENARIOS[sc]
                params = [f"PLAIN={plain}", f"VPN={vpn}"]
                caps = [x for o in a.pass_option for x in ("--pass-option", o)]
                qcap = limit if a.queues == "run" else 0
                if qcap:
                    caps += ["--pass-option", f"split_capacity={qcap}",
                             "--pass-option", f"cut_capacity={qcap}"]
                tag = f"{sc}-{size}"
                cfg = tmp / f"dualpath-{tag}.click"
                cfg.write_text(config(limit, size, False, qcap))
                progs: dict[str, tuple[list[str], Path | None]] = {}
                explain = {}
                exe = tmp / f"static-{tag}"
                explain["static"] = compile_clickc(cfg, exe, params, caps)
                progs["static"] = ([str(exe)], tmp / "stats.json")
                exe_s = tmp / f"smp-{tag}"
                explain["smp"] = compile_clickc(cfg, exe_s, params,
                                                caps + [f"--passes={NO_REWRITE}"])
                progs["smp"] = ([str(exe_s)], tmp / "stats.json")
                prof = tmp / f"{tag}.prof"
                exe_g = tmp / f"gen-{tag}"
                plimit = a.profile_limit or 4 * limit
                gcfg = tmp / f"dualpath-{tag}-profile.click"
                pq = plimit if qcap else 0
                gcfg.write_text(config(plimit, size, False, pq))
                gcaps = [x for o in a.pass_option for x in ("--pass-option", o)]
                if pq:
                    gcaps += ["--pass-option", f"split_capacity={pq}",
                              "--pass-option", f"cut_capacity={pq}"]
                compile_clickc(gcfg, exe_g, params, gcaps + [f"--profile-generate={prof}"])
                run([str(exe_g)])
                exe_p = tmp / f"profiled-{tag}"
                try:
                    explain["profiled"] = compile_clickc(
                        cfg, exe_p, params,
                        caps + [f"--profile-use={prof}",
                                "--pass-option", f"placement.strategy={a.strategy}"])
                except SystemExit as e:
                    print(f"\nScenario {sc}, {size} bytes: the profiled build failed: {e}")
                    results[tag] = {"profiled_build_failed": str(e)}
                    continue
                progs["profiled"] = ([str(exe_p)], tmp / "stats.json")
                if use_click:
                    ccfg = tmp / f"dualpath-{tag}-click.click"
                    ccfg.write_text(config(limit, size, True, qcap))
                    progs["click"] = ([a.click, str(ccfg), *params], None)
                if a.keep:
                    a.keep.mkdir(parents=True, exist_ok=True)
                    shutil.copy(cfg, a.keep / cfg.name)
                    shutil.copy(prof, a.keep / prof.name)
                    for k, text in explain.items():
                        (a.keep / f"{k}-{tag}.explain").write_text(text)
                walls: dict[str, list[float]] = {k: [] for k in progs}
                cpus: dict[str, list[float]] = {k: [] for k in progs}
                busy: dict[str, list[float]] = {k: [] for k in progs}
                fwds: dict[str, list[int]] = {k: [] for k in progs}
                for _ in range(a.n):
                    for name, (cmd, stats) in progs.items():
                        w, c, b, f = timed(cmd, limit, stats)
                        walls[name].append(w / f * 1e9)
                        cpus[name].append(c / f * 1e9)
                        busy[name].append(b / f * 1e9)
                        fwds[name].append(f)
                print(f"\nScenario {sc} ({plain}:{vpn}), {size}-byte packets, {limit} packets "
                      f"per run, median of {a.n}; ns per forwarded packet")
                print(f"{'program':<10} {'busiest-thread CPU ns':>22} {'wall ns':>9} "
                      f"{'CPU ns':>8} {'dropped':>8}")
                row: dict[str, Any] = {}
                for name in progs:
                    b = statistics.median(busy[name])
                    w = statistics.median(walls[name])
                    c = statistics.median(cpus[name])
                    d = 100.0 * (1 - statistics.median(fwds[name]) / limit)
                    print(f"{name:<10} {b:22.0f} {w:9.0f} {c:8.0f} {d:7.1f}%")
                    row[name] = {"busiest_thread_ns_per_packet": b, "wall_ns_per_packet": w,
                                 "cpu_ns_per_packet": c, "dropped_percent": d,
                                 "busiest": busy[name], "walls": walls[name],
                                 "cpus": cpus[name], "forwarded": fwds[name]}
                sp = row["static"]["busiest_thread_ns_per_packet"] / \
                    row["profiled"]["busiest_thread_ns_per_packet"]
                spw = row["static"]["wall_ns_per_packet"] / row["profiled"]["wall_ns_per_packet"]
                print(f"profiled over static: {sp:.2f}x (busiest thread's CPU), {spw:.2f}x "
                      "(wall clock)")
                row["speedup_busiest"] = sp
                row["speedup_wall"] = spw
                ss = row["smp"]["busiest_thread_ns_per_packet"] / \
                    row["profiled"]["busiest_thread_ns_per_packet"]
                ssw = row["smp"]["wall_ns_per_packet"] / row["profiled"]["wall_ns_per_packet"]
                print(f"profiled over smp (no duplication): {ss:.2f}x (busiest thread's CPU), "
                      f"{ssw:.2f}x (wall clock)")
                row["speedup_over_smp_busiest"] = ss
                row["speedup_over_smp_wall"] = ssw
                results[tag] = row
    results["xcpu_after_ns"] = round_trip_ns()
    print("\n" + describe(results["xcpu_after_ns"]) + " after the runs")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
