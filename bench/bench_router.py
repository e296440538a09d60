#!/usr/bin/env python3
"""Benchmark a compiled router: compile CONFIG once, run it N times, report the median.

    python3 bench/bench_router.py CONFIG [NAME=VALUE ...] [-n RUNS] [-O LEVEL] [--cc CC]
                                  [--march-native] [--json FILE]

Figures come from the program's own ``--stats`` JSON (the runtime times the task loop, not
process start-up or file opening): per run, packets that entered the router (sources count
them), elapsed seconds of the busiest thread, Mpps = packets / elapsed / 1e6 and ns/packet =
elapsed / packets, and the same from the thread's CPU time (which a busy or shared machine
does not inflate).  The report gives the median over the runs (with min and max), and states
separately the packets offered and the packets dropped (the sum of every element's drops), so
a fast run that dropped its input cannot pass for a fast router.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any


@dataclass
class RunResult:
    packets: int
    drops: int
    elapsed_s: float
    cpu_s: float = 0.0

    @property
    def cpu_ns_per_packet(self) -> float:
        return self.cpu_s * 1e9 / self.packets if self.packets else 0.0

    @property
    def mpps(self) -> float:
        return self.packets / self.elapsed_s / 1e6 if self.elapsed_s > 0 else 0.0

    @property
    def ns_per_packet(self) -> float:
        return self.elapsed_s * 1e9 / self.packets if self.packets else 0.0


def parse_stats(stats: dict[str, Any]) -> RunResult:
    """Packets offered, drops and elapsed time from one ``--stats`` document."""
    threads = stats.get("threads", [])
    packets = sum(int(t.get("packets", 0)) for t in threads)
    elapsed = max((float(t.get("elapsed_s", 0.0)) for t in threads), default=0.0)
    cpu = max((float(t.get("cpu_s", 0.0)) for t in threads), default=0.0)
    drops = sum(int(e.get("drops", 0)) for e in stats.get("elements", []))
    return RunResult(packets, drops, elapsed, cpu)


def compile_router(config: str, params: list[str], opt: int, cc: str | None,
                   march_native: bool, out: Path) -> None:
    cmd = [sys.executable, "-m", "clickc", f"-O{opt}", config, *params, "-o", str(out)]
    if cc:
        cmd += ["--cc", cc]
    if march_native:
        cmd.append("--march-native")
    subprocess.run(cmd, check=True)


def run_once(program: Path, params: list[str], stats_file: Path) -> RunResult:
    proc = subprocess.run([str(program), *params, f"--stats={stats_file}"],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"{program} failed ({proc.returncode}):\n{proc.stderr}")
    return parse_stats(json.loads(stats_file.read_text()))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("config")
    ap.add_argument("params", nargs="*", metavar="NAME=VALUE",
                    help="compile-time parameters (run-time ones: use --run-param)")
    ap.add_argument("--run-param", action="append", default=[], metavar="NAME=VALUE",
                    help="run-time parameter passed to every run of the program")
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("-O", dest="opt", type=int, choices=(0, 1, 2, 3), default=2)
    ap.add_argument("--cc")
    ap.add_argument("--march-native", action="store_true")
    ap.add_argument("--json", type=Path, help="also write the results as JSON")
    a = ap.parse_intermixed_args(argv)
    with tempfile.TemporaryDirectory(prefix="clickc-bench-") as tmp:
        prog = Path(tmp) / "router"
        compile_router(a.config, a.params, a.opt, a.cc, a.march_native, prog)
        results = [run_once(prog, a.run_param, Path(tmp) / f"stats{i}.json")
                   for i in range(a.runs)]
    mpps = [r.mpps for r in results]
    nspp = [r.ns_per_packet for r in results]
    cpu_nspp = [r.cpu_ns_per_packet for r in results]
    offered = sorted({r.packets for r in results})
    drops = sorted({r.drops for r in results})
    summary = {
        "config": a.config, "params": a.params, "opt": a.opt, "runs": a.runs,
        "median_mpps": statistics.median(mpps), "min_mpps": min(mpps), "max_mpps": max(mpps),
        "median_ns_per_packet": statistics.median(nspp),
        "median_cpu_ns_per_packet": statistics.median(cpu_nspp),
        "packets_offered": offered, "drops": drops,
        "per_run": [asdict(r) | {"mpps": r.mpps, "ns_per_packet": r.ns_per_packet,
                                 "cpu_ns_per_packet": r.cpu_ns_per_packet}
                    for r in results],
    }
    print(f"{a.config} -O{a.opt}, {a.runs} runs")
    print(f"  median {summary['median_mpps']:.3f} Mpps (min {min(mpps):.3f}, "
          f"max {max(mpps):.3f}), {summary['median_ns_per_packet']:.1f} ns/packet "
          f"(CPU time: {summary['median_cpu_ns_per_packet']:.1f} ns/packet)")
    print(f"  packets offered per run: {', '.join(map(str, offered))}; "
          f"drops per run: {', '.join(map(str, drops))}")
    if a.json:
        a.json.write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
