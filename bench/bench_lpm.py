"""Benchmark of clickc's shared route lookup structure (runtime/lpm.c, DIR-24-8) against a
binary-trie baseline and DPDK's rte_lpm, on the RouteViews 2014 table (512K prefixes).

Builds bench/lpm_bench.c with the runtime's lpm.c (clang or gcc, -O2), loads
../shared/routes/routeviews-20140513-pyasn.txt (each route to output ASN % 16), and measures
lookups over the destination traces in ../shared/routes (dsttrace-*.txt) and over uniformly
random addresses: the median of several runs, for independent lookups (throughput) and for
dependent ones (each address depends on the previous answer: latency).  Also reports the memory
of each structure, the build time, and the cost of incremental updates (removing and re-adding
20,000 routes of the full table, then checking the tables).

Burst modes (docs/route-lookup.md, "Bulk lookup"): the address set cut into bursts of --burst
addresses (32 by default, DPDK l3fwd's burst), looked up one at a time (ck_lpm_lookup), with
ck_lpm_lookup_bulk (its AVX-512 path where the CPU has it, and its portable path), with
ck_rt_lookup_bulk, and, when pkg-config finds libdpdk, with rte_lpm from the installed DPDK on
the same table (rte_lpm_lookup, rte_lpm_lookup_bulk, rte_lpm_lookupx4; on memory advised for
transparent huge pages and on EAL's --no-huge 4 KiB pages).  All burst modes are timed side by
side in each run; figures are ns and TSC cycles per lookup.  Nothing of DPDK is built here: the
driver links the installed library (EAL starts with --no-huge --no-pci).

Every address is first checked to get the same output from every structure and mode.

    python3 bench/bench_lpm.py [--runs 7] [--min-lookups 2e7] [--burst 32] [--no-trie]
                               [--no-dpdk] [--json out.json]

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


WARN = ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror"]


def dpdk_flags() -> tuple[list[str], list[str]] | None:
    """``(cflags, libs)`` of the installed DPDK from pkg-config, or None when absent."""
    if shutil.which("pkg-config") is None:
        return None
    out = []
    for what in ("--cflags", "--libs"):
        proc = subprocess.run(["pkg-config", what, "libdpdk"], capture_output=True, text=True)
        if proc.returncode != 0:
            return None
        out.append(proc.stdout.split())
    return out[0], out[1]


def build(out: Path, cc: str, dpdk: tuple[list[str], list[str]] | None) -> None:
    """Compile the benchmark driver with the runtime's LPM code; with ``dpdk`` (pkg-config's
    flags) the driver also measures rte_lpm.  The DPDK flags (which include -march=corei7) apply
    to the driver only, not to lpm.c and routetable.c."""
    inc = [f"-I{ROOT / 'runtime'}", f"-I{ROOT / 'elements'}"]
    objs = []
    for src in (ROOT / "runtime" / "lpm.c", ROOT / "elements" / "ip" / "routetable.c"):
        obj = out.parent / (src.stem + ".o")
        subprocess.run([cc, *WARN, *inc, "-c", str(src), "-o", str(obj)], check=True)
        objs.append(str(obj))
    main_obj = out.parent / "lpm_bench.o"
    extra = ["-DCK_BENCH_DPDK", *dpdk[0]] if dpdk else []
    subprocess.run([cc, *WARN, *inc, *extra, "-c", str(ROOT / "bench" / "lpm_bench.c"), "-o",
                    str(main_obj)], check=True)
    subprocess.run([cc, str(main_obj), *objs, *(dpdk[1] if dpdk else []), "-o", str(out)],
                   check=True)


def parse(output: str) -> dict[str, Any]:
    """The driver's lines as dictionaries: structures, address sets, results."""
    res: dict[str, Any] = {"structures": [], "sets": [], "results": []}
    for line in output.splitlines():
        words = line.split()
        if not words:
            continue
        if words[0] == "updates":
            res["updates"] = dict(zip(words[2::2], words[3::2], strict=False))
        elif words[0] == "tsc":
            res["tsc_ghz"] = float(words[2])
        elif words[0] == "bulk":
            res["bulk"] = dict(zip(words[2::2], words[3::2], strict=False))
        elif words[0] == "dpdk":
            res["dpdk"] = " ".join(words[1:])
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
    ap.add_argument("--burst", type=int, default=32, help="addresses per burst (bulk modes)")
    ap.add_argument("--no-trie", action="store_true",
                    help="skip the one-at-a-time modes (the binary trie takes minutes)")
    ap.add_argument("--no-dpdk", action="store_true", help="do not measure rte_lpm")
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
        dpdk = None if args.no_dpdk else dpdk_flags()
        if dpdk is None and not args.no_dpdk:
            print("bench_lpm: pkg-config finds no libdpdk: rte_lpm not measured",
                  file=sys.stderr)
        build(exe, args.cc, dpdk)
        flags = ["--burst", str(args.burst)] + (["--no-trie"] if args.no_trie else [])
        proc = subprocess.run([str(exe), *flags, args.routes, "16", str(args.runs),
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
    if "tsc_ghz" in res:
        print(f"TSC {res['tsc_ghz']:.3f} GHz (measured against CLOCK_MONOTONIC)")
    for s in res["structures"]:
        mem = int(s["lookup_bytes"]) / 2**20
        tot = f"  all {int(s['total_bytes']) / 2**20:7.1f} MiB" if "total_bytes" in s else ""
        extra = f", {s['groups']} second-level groups" if "groups" in s else \
            f", {s['nodes']} nodes" if "nodes" in s else \
            f", {s['tbl8s']} tbl8 groups, DPDK {s['dpdk']}; its heap on huge pages: " \
            f"{int(s['first_level_huge_kb']) // 1024} MiB (rte_lpm-4k copy: " \
            f"{int(s['copy_4k_huge_kb']) // 1024} MiB)" if "tbl8s" in s else ""
        print(f"  {s['name']:12s} build {float(s['build_ms']):9.1f} ms  lookup structure "
              f"{mem:7.1f} MiB{tot}{extra}")
    if "bulk" in res:
        print(f"  ck_lpm_lookup_bulk path: {res['bulk']['path']}; burst {res['bulk']['burst']}"
              f"; first level on huge pages: {int(res['bulk']['first_level_huge_kb']) // 1024}"
              " MiB")
    if "dpdk" in res:
        print(f"  rte_lpm: {res['dpdk']}")
    up = res.get("updates")
    if up:
        print(f"  updates on the full table: remove {float(up['remove_us']):.2f} us, "
              f"re-add {float(up['add_us']):.2f} us per route ({up['removes']} routes; "
              f"tables consistent afterwards: {up['consistent']})")
        if up["consistent"] != "yes":
            print("bench_lpm: tables inconsistent after updates", file=sys.stderr)
            return 1
    for st in res["sets"]:
        for key in ("mismatches", "rte_mismatches"):
            if int(st.get(key, "0")) != 0:
                print(f"bench_lpm: {st['name']}: {st[key]} {key}", file=sys.stderr)
                return 1
    print(f"{'address set':22s} {'addresses':>9s} {'routed':>7s}  {'structure':12s} "
          f"{'mode':11s} {'ns/lookup':>9s} {'cycles':>7s} {'Mlookups/s':>10s}")
    sizes = {s["name"]: s for s in res["sets"]}
    for r in res["results"]:
        ns = float(r["median_ns"])
        st = sizes[r["set"]]
        mode = r["mode"] + (f"/{r['burst']}" if "burst" in r else "")
        print(f"{r['set']:22s} {st['addresses']:>9s} {st['routed']:>7s}  {r['structure']:12s} "
              f"{mode:11s} {ns:9.2f} {float(r['median_cycles']):7.1f} {1e3 / ns:10.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
