#!/usr/bin/env python3
"""The cost of profiling: the same router built plain and with --profile-generate, run
alternately, medians compared (issue 9: the profiled run should stay within ~10%).

    python3 bench/bench_profile.py [CONFIG] [NAME=VALUE ...] [-n RUNS] [-O LEVEL] [--json F]

CONFIG defaults to bench/configs/forward.click (InfiniteSource, 64-byte frames).  Figures
come from each program's ``--stats`` (CPU time of the busiest thread per packet; see
bench/bench_router.py).  Runs alternate plain, profiled, plain, ... so machine load affects
both alike; the report gives both medians and the ratio, and checks that the profile's packet
counts agree with the run's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_router import RunResult, run_once  # noqa: E402

HERE = Path(__file__).resolve().parent


def build(config: str, params: list[str], opt: int, out: Path, profile: Path | None) -> None:
    cmd = [sys.executable, "-m", "clickc", f"-O{opt}", config, *params, "-o", str(out)]
    if profile is not None:
        cmd.append(f"--profile-generate={profile}")
    subprocess.run(cmd, check=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("config", nargs="?", default=str(HERE / "configs" / "forward.click"))
    ap.add_argument("params", nargs="*", metavar="NAME=VALUE")
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("-O", dest="opt", type=int, default=2)
    ap.add_argument("--json", metavar="FILE")
    a = ap.parse_args(argv)
    if "=" in a.config and not Path(a.config).is_file():  # only NAME=VALUE given
        a.params.insert(0, a.config)
        a.config = str(HERE / "configs" / "forward.click")
    with tempfile.TemporaryDirectory(prefix="bench-profile-") as tmp:
        t = Path(tmp)
        prof = t / "r.prof"
        build(a.config, a.params, a.opt, t / "plain", None)
        build(a.config, a.params, a.opt, t / "profiled", prof)
        plain: list[RunResult] = []
        profiled: list[RunResult] = []
        for _ in range(a.runs):
            plain.append(run_once(t / "plain", [], t / "s1.json"))
            profiled.append(run_once(t / "profiled", [], t / "s2.json"))
        data = json.loads(prof.read_text())
        sampled = sum(e["sampled_packets"] for e in data["elements"].values())
    p = statistics.median(r.cpu_ns_per_packet for r in plain)
    q = statistics.median(r.cpu_ns_per_packet for r in profiled)
    print(f"config: {a.config} {' '.join(a.params)}  -O{a.opt}  runs: {a.runs} each, alternating")
    print(f"packets per run: {plain[0].packets}  (profile: {sampled} element-packets sampled)")
    for label, med, runs in (("plain", p, plain), ("profiled", q, profiled)):
        low = min(r.cpu_ns_per_packet for r in runs)
        print(f"{label:9s} CPU ns/packet median {med:8.2f}  (min {low:.2f})")
    print(f"profiled / plain: {q / p:.3f}x  ({(q / p - 1) * 100:+.1f}%)")
    if a.json:
        Path(a.json).write_text(json.dumps({
            "config": a.config, "params": a.params, "opt": a.opt,
            "plain_ns": [r.cpu_ns_per_packet for r in plain],
            "profiled_ns": [r.cpu_ns_per_packet for r in profiled],
            "median_plain_ns": p, "median_profiled_ns": q, "ratio": q / p}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
