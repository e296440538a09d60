"""Benchmark of clickc's shared route lookup structure (runtime/lpm.c, DIR-24-8) against a
binary-trie baseline, on the RouteViews 2014 table (512K prefixes).

Builds bench/lpm_bench.c with the runtime's lpm.c (clang or gcc, -O2), loads
../shared/routes/routeviews-20140513-pyasn.txt (each route to output ASN % 16), and measures
lookups per second over the destination traces in ../shared/routes (dsttrace-*.txt) and over
uniformly random addresses: the median of several runs, for independent lookups (throughput)
and for dependent ones (each address depends on the previous answer: latency).  Also reports
the memory of each structure, the build time, and the cost of incremental updates (removing and
re-adding 20,000 routes of the full table, then checking the tables).  Every address is first
checked to get the same output from both structures.

    python3 bench/bench_lpm.py [--runs 7] [--min-lookups 2e7] [--json out.json]

This is a benchmark, not a test: it prints figures and asserts only agreement.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "routes"


def build(out: Path, cc: str) -> None:
    """Compile the benchmark driver with the runtime's LPM code."""
    cmd = [cc, "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", f"-I{ROOT / 'runtime'}",
           f"-I{ROOT / 'elements'}", str(ROOT / "runtime" / "lpm.c"),
           str(ROOT / "elements" / "ip" / "routetable.c"), str(ROOT / "bench" / "lpm_bench.c"),
           "-o", str(out)]
    subprocess.run(cmd, check=True)


def parse(output: str) -> dict[str, Any]:
    """The driver's lines as dictionaries: structures, address sets, results."""
    res: dict[str, Any] = {"structures": [], "sets": [], "results": []}
    for line in output.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "updates":
            res["updates"] = dict(zip(words[2::2], words[3::2], strict=False))
        elif words[0] == "result":
            i = words.index("runs")
            d: dict[str, Any] = dict(zip(words[1:i:2], words[2:i:2], strict=True))
            d["runs"] = [float(x) for x in words[i + 1:]]
            res["results"].append(d)
        else:
            d = {"kind": words[0], "name": words[1]}
            d.update(zip(words[2::2], words[3::2], strict=False))
            res["structures" if words[0] == "structure" else "sets"].append(d)
    return res


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--routes", default=str(SHARED / "routeviews-20140513-pyasn.txt"))
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--min-lookups", type=float, default=2e7)
    ap.add_argument("--random", type=int, default=1_000_000, help="random addresses")
    ap.add_argument("--cc", default=shutil.which("clang") or shutil.which("gcc") or "cc")
    ap.add_argument("--json", help="also write the figures as JSON")
    args = ap.parse_args()
    if not Path(args.routes).exists():
        print(f"bench_lpm: {args.routes} not found", file=sys.stderr)
        return 1
    traces = sorted(SHARED.glob("dsttrace-*.txt"))
    sets = [f"{p.stem.removeprefix('dsttrace-')}={p}" for p in traces]
    sets.append(f"random={'random:' + str(args.random)}")
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "lpm_bench"
        build(exe, args.cc)
        proc = subprocess.run([str(exe), args.routes, "16", str(args.runs),
                               str(int(args.min_lookups)), *sets],
                              capture_output=True, text=True, check=True)
    res = parse(proc.stdout)
    res["machine"] = {"cpu": platform.processor() or platform.machine(),
                      "python": platform.python_version(), "cc": args.cc}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                res["machine"]["cpu"] = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass

    print(f"routes: {args.routes}")
    print(f"machine: {res['machine']['cpu']}; compiler {args.cc} -O2; "
          f"median of {args.runs} runs")
    for s in res["structures"]:
        mem = int(s["lookup_bytes"]) / 2**20
        tot = int(s["total_bytes"]) / 2**20
        extra = f", {s['groups']} second-level groups" if "groups" in s else \
            f", {s['nodes']} nodes"
        print(f"  {s['name']:12s} build {float(s['build_ms']):7.1f} ms  lookup structure "
              f"{mem:7.1f} MiB  all {tot:7.1f} MiB{extra}")
    up = res.get("updates")
    if up:
        print(f"  updates on the full table: remove {float(up['remove_us']):.2f} us, "
              f"re-add {float(up['add_us']):.2f} us per route ({up['removes']} routes; "
              f"tables consistent afterwards: {up['consistent']})")
        if up["consistent"] != "yes":
            print("bench_lpm: tables inconsistent after updates", file=sys.stderr)
            return 1
    for st in res["sets"]:
        if int(st["mismatches"]) != 0:
            print(f"bench_lpm: {st['name']}: {st['mismatches']} mismatches", file=sys.stderr)
            return 1
    print(f"{'address set':22s} {'addresses':>9s} {'routed':>7s}  {'structure':12s} "
          f"{'mode':11s} {'ns/lookup':>9s} {'Mlookups/s':>10s}")
    sizes = {s["name"]: s for s in res["sets"]}
    for r in res["results"]:
        ns = float(r["median_ns"])
        st = sizes[r["set"]]
        print(f"{r['set']:22s} {st['addresses']:>9s} {st['routed']:>7s}  {r['structure']:12s} "
              f"{r['mode']:11s} {ns:9.2f} {1e3 / ns:10.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
