#!/usr/bin/env python3
"""Benchmark of issue 6: a two-input router on two threads against one, clickc and Click.

    python3 bench/bench_smp.py [-n RUNS] [--limit PACKETS] [--click PROGRAM] [--no-click]
                               [--breakdown] [--json FILE]

The router (:func:`config`, written for this benchmark) has two independent IP forwarding
paths in the shape of Figure 2 of the SMP Click paper (Chen and Morris 2001) and of Click's
conf/fake-iprouter.click: each path's InfiniteSource emits the same 64-byte Ethernet/IPv4/UDP
frame (``LIMIT``, ``BURST 32``, ``STOP true``) through Classifier, Paint, Strip(14),
CheckIPHeader, GetIPAddress(16), StaticIPLookup, DropBroadcasts, PaintTee, IPGWOptions,
FixIPSrc, DecIPTTL, IPFragmenter(1500) and EtherEncap into a Queue(1000) that a Counter and a
Discard pull (the "ToDevice"; ``BURST 64``, so it keeps up with the source's bursts of 32 and
the queue does not overflow: the report gives the share of packets the queues dropped).  A
``DriverManager(pause, pause, stop)`` ends the run when both sources are done (Click needs it;
clickc's router also stops by itself once quiescent).

clickc -O2 builds the configuration with ``-j 1`` and ``-j 2`` (one build each, the placement
pass puts each path's source and sink on one thread and the two paths on different threads, see
``--explain``).  Each build runs under the same CPU pinning policy as the other: "pinned" (every
thread on a CPU of its own: ``-j 1`` with the router's ``--pin``, ``-j 2`` as by default) and
"unpinned" (``-j 1`` as by default, ``-j 2`` with ``--no-pin``), so the comparison is fair both
ways.  Click's userlevel driver runs with ``-j 1`` and ``-j 2`` too (skipped when ``--click`` is
absent).  Runs alternate (each program once, then again), ``-n`` of each; the 1-minute load
average is printed (the machine may be shared).  Packets = the handlers ``cnt0.count + q0.drops +
q0.length`` plus the same for path 1 (the run fails unless they equal 2 * LIMIT); time = wall
clock from start to exit (``time.perf_counter``; two threads only help the wall clock), the
child's CPU time from ``wait4``, and for clickc the busiest thread's CPU time from the router's
``--stats`` (``clock_gettime(CLOCK_THREAD_CPUTIME_ID)`` per thread): on a machine with a free
CPU per thread the wall time is that busiest thread's time, and unlike the wall time it does
not grow when other processes take the CPUs.  The report gives median Mpps (wall) and the
speedups -j 2 over -j 1 by wall time and, for clickc, by busiest-thread CPU time.  On a shared,
oversubscribed machine only the second is meaningful; medians of a few runs.

``--breakdown`` adds a Table-1-style split (ns per packet by phase) of the clickc programs:
callgrind (``valgrind --tool=callgrind``, which runs threads one at a time; the programs
built again with ``-g -gdwarf-4``, the same code) counts
instructions per packet by source file of the inlined code at two LIMITs (their difference
cancels start-up), files are mapped to phases (:data:`PHASES`), and each phase's share of the
instructions is scaled to the measured CPU ns per packet of that program.  Cross-CPU cache
misses, the cost that grows with -j in the paper's Table 1, do not show in instruction counts;
the difference of the measured CPU ns per packet between -j 2 and -j 1 is reported beside it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_iprouter01 import callgrind_run, run, short_file  # noqa: E402
from benchlib import handler_values, oracle_click, save_json, scratch_dir  # noqa: E402

COUNTS = ("cnt0.count", "q0.drops", "q0.length", "cnt1.count", "q1.drops", "q1.length")

#: Source files (as ``short_file`` names them) -> Table 1 phase; anything else under
#: elements/ is "processing", anything else under runtime/ "other runtime".
PHASES = {
    "elements/standard/infinitesource.c": "receive (source)",
    "runtime/packet.c": "buffer alloc/free",
    "elements/standard/queue.c": "queue enqueue/dequeue",
    "runtime/ring.h": "queue enqueue/dequeue",
    "runtime/ring.c": "queue enqueue/dequeue",
    "elements/standard/discard.c": "transmit (sink)",
    # the pool's inline fast paths (ck_packet_alloc_room_inline, the kill fast path)
    "runtime/clickc.h": "buffer alloc/free",
    "runtime/lpm.h": "processing",
    "runtime/lpm.c": "processing",
    "runtime/sched.c": "scheduling",
}
DROPS: list[int] = []  # queue drops of every timed run
SHARES: list[float] = []  # per clickc run: the smallest CPU time / elapsed time of its threads
PHASE_ORDER = ("receive (source)", "processing", "queue enqueue/dequeue", "transmit (sink)",
               "buffer alloc/free", "scheduling", "other runtime", "other (libc, kernel)")


def frame() -> str:
    """The 64-byte Ethernet/IPv4/UDP frame (10.0.0.2 -> 10.0.1.2, TTL 64, checksum set) as a
    Click ``\\<hex>`` string."""
    ip = bytearray.fromhex("4500003200004000401100000a0000020a000102")
    s = sum(int.from_bytes(ip[i:i + 2], "big") for i in range(0, 20, 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    ip[10:12] = (~s & 0xFFFF).to_bytes(2, "big")
    eth = bytes.fromhex("0000c0ae67ef0000c04f71ef0800")
    udp = bytes.fromhex("04000400001e0000") + bytes(22)
    data = eth + bytes(ip) + udp
    assert len(data) == 64
    return "\\<" + data.hex() + ">"


def config(limit: int) -> str:
    """The two-path router (see the module docstring)."""
    paths = []
    for i in (0, 1):
        paths.append(f"""
src{i} :: InfiniteSource(DATA {frame()}, LIMIT {limit}, BURST 32, STOP true)
  -> cl{i} :: Classifier(12/0800, -)
  -> Paint({i + 1}) -> Strip(14) -> CheckIPHeader -> GetIPAddress(16)
  -> rt{i} :: StaticIPLookup(10.0.0.0/24 0, 10.0.1.0/24 1);
rt{i}[1] -> DropBroadcasts -> cp{i} :: PaintTee(9) -> gw{i} :: IPGWOptions(10.0.1.1)
  -> FixIPSrc(10.0.1.1) -> ttl{i} :: DecIPTTL -> fr{i} :: IPFragmenter(1500)
  -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:ae:67:ef)
  -> q{i} :: Queue(1000) -> cnt{i} :: Counter -> Discard(BURST 64);
cl{i}[1] -> Discard; rt{i}[0] -> Discard; cp{i}[1] -> Discard; gw{i}[1] -> Discard;
ttl{i}[1] -> Discard; fr{i}[1] -> Discard;""")
    return "// bench/bench_smp.py: two independent IP paths\n" + "".join(paths) + \
        "\nDriverManager(pause, pause, stop);\n"


def counted(out: str, drops: list[int] | None = None) -> int:
    """The packets the COUNTS handlers of ``-h`` output count; the two queues' drops are
    appended to ``drops`` when given."""
    vals = handler_values(out)
    if drops is not None:
        drops.append(int(vals["q0.drops"]) + int(vals["q1.drops"]))
    return sum(int(vals[h]) for h in COUNTS)


def build(cfg: Path, out: Path, nthreads: int, extra: tuple[str, ...] = ()) -> str:
    """Build with clickc -O2 -j N; returns the --explain lines."""
    p = subprocess.run([sys.executable, "-m", "clickc", "-O2", "-j", str(nthreads), "--explain",
                        str(cfg), "-o", str(out), *extra], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"clickc failed:\n{p.stderr}")
    return "\n".join(line for line in p.stderr.splitlines() if "[placement]" in line)


def timed(cmd: list[str], expect: int, stats: Path | None) -> tuple[float, float, float]:
    """(wall s, CPU s, busiest thread's CPU s) of one run; the last from clickc's ``--stats``
    (per-thread CPU time), else the CPU time."""
    extra = [f"--stats={stats}"] if stats is not None else []
    out, wall, cpu = run(cmd + extra + [a for h in COUNTS for a in ("-h", h)])
    n = counted(out, DROPS)
    if n != expect:
        raise SystemExit(f"{' '.join(cmd)}: counted {n} packets, expected {expect}")
    busiest = cpu
    if stats is not None:
        threads = json.loads(stats.read_text())["threads"]
        busiest = max(float(t["cpu_s"]) for t in threads)
        # the share of the wall time the threads actually ran (1.0 on a quiet machine)
        SHARES.append(min(float(t["cpu_s"]) / float(t["elapsed_s"]) for t in threads
                          if float(t["elapsed_s"]) > 0))
    return wall, cpu, busiest


def breakdown(cfg_small: Path, cfg_big: Path, dn: int, tmp: Path, nthreads: int,
              cpu_ns: float) -> dict[str, float]:
    """ns per packet by phase of the clickc -j N program (see the module docstring)."""
    files: list[dict[str, int]] = []
    for k, cfg in enumerate((cfg_small, cfg_big)):
        prog = tmp / f"cg{nthreads}_{k}"
        build(cfg, prog, nthreads, ("--cflags=-g -gdwarf-4",))
        cg = callgrind_run([str(prog)], tmp / f"callgrind.{nthreads}.{k}")
        files.append(cg.by_file)
    ir: dict[str, float] = defaultdict(float)
    for f in set(files[0]) | set(files[1]):
        d = (files[1].get(f, 0) - files[0].get(f, 0)) / dn
        name = short_file(f)
        if name in PHASES:
            phase = PHASES[name]
        elif name.startswith("elements/") or name.endswith("router.c"):
            phase = "processing"
        elif name.startswith("runtime/"):
            phase = "other runtime"
        else:
            phase = "other (libc, kernel)"
        ir[phase] += d
    total = sum(ir.values())
    out = {ph: cpu_ns * ir.get(ph, 0.0) / total for ph in PHASE_ORDER}
    out["instructions/packet"] = total
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("--limit", type=int, default=5_000_000, help="packets per source")
    ap.add_argument("--click", default=oracle_click(),
                    help="Click's driver (default $CLICK_PREFIX/bin/click)")
    ap.add_argument("--no-click", action="store_true")
    ap.add_argument("--breakdown", action="store_true")
    ap.add_argument("--json", metavar="FILE")
    args = ap.parse_args(argv)
    click = Path(args.click)
    use_click = not args.no_click and click.is_file()
    with scratch_dir("bench_smp.") as tmp:
        cfg = tmp / "smp.click"
        cfg.write_text(config(args.limit))
        progs: dict[str, list[str]] = {}
        for n in (1, 2):
            explain = build(cfg, tmp / f"r{n}", n)
            if n == 2:
                print(explain)
        # The same pinning policy on both sides (runtime/sched.c): every thread on its own
        # CPU (-j 1 with --pin), or no thread pinned (-j 2 with --no-pin).
        for policy, flags in (("pinned", ("--pin", "")), ("unpinned", ("", "--no-pin"))):
            for n in (1, 2):
                flag = flags[n - 1]
                progs[f"clickc -j{n} {policy}"] = [str(tmp / f"r{n}")] + ([flag] if flag else [])
        if use_click:
            for n in (1, 2):
                progs[f"click -j{n}"] = [str(click), "-j", str(n), str(cfg)]
        expect = 2 * args.limit
        walls: dict[str, list[float]] = defaultdict(list)
        cpus: dict[str, list[float]] = defaultdict(list)
        busy: dict[str, list[float]] = defaultdict(list)
        share: dict[str, list[float]] = defaultdict(list)
        loads = [os.getloadavg()[0]]
        for _ in range(args.runs):
            for name, cmd in progs.items():
                stats = tmp / "stats.json" if name.startswith("clickc") else None
                w, c, b = timed(cmd, expect, stats)
                if stats is not None:
                    share[name].append(SHARES[-1])
                walls[name].append(w)
                cpus[name].append(c)
                busy[name].append(b)
            loads.append(os.getloadavg()[0])
        result: dict[str, Any] = {"limit_per_source": args.limit, "runs": args.runs,
                                  "cpus": os.cpu_count(), "loadavg_1min": loads,
                                  "programs": {}}
        print(f"\n{args.runs} alternating runs of each program, {2 * args.limit} packets per "
              f"run; {os.cpu_count()} CPUs; 1-minute load average during the runs "
              f"{min(loads):.2f}..{max(loads):.2f} (medians below)")
        print(f"{'program':<22} {'Mpps (wall)':>12} {'ns/pkt wall':>12} {'ns/pkt CPU':>11} "
              f"{'busiest thread CPU s':>21} {'CPU share':>10}")
        for name in progs:
            w, c = statistics.median(walls[name]), statistics.median(cpus[name])
            b = statistics.median(busy[name])
            row = {"wall_s": w, "cpu_s": c, "busiest_thread_cpu_s": b, "mpps": expect / w / 1e6,
                   "wall_ns": w * 1e9 / expect, "cpu_ns": c * 1e9 / expect,
                   "walls": walls[name], "cpus": cpus[name], "busiest": busy[name]}
            sh = statistics.median(share[name]) if share[name] else float("nan")
            row["cpu_share"] = sh
            result["programs"][name] = row
            print(f"{name:<22} {row['mpps']:>12.2f} {row['wall_ns']:>12.1f} "
                  f"{row['cpu_ns']:>11.1f} {b:>21.4f} {sh:>10.2f}")
        print(f"\n{'speedup -j 2 over -j 1':<30} {'wall time':>10} {'busiest thread CPU':>19}")
        for key, label in (("clickc {} pinned", "clickc, both pinned"),
                           ("clickc {} unpinned", "clickc, neither pinned"),
                           ("click {}", "Click")):
            one_name, two_name = key.format("-j1"), key.format("-j2")
            if one_name not in result["programs"]:
                continue
            one, two = result["programs"][one_name], result["programs"][two_name]
            sw = one["wall_s"] / two["wall_s"]
            sb = one["busiest_thread_cpu_s"] / two["busiest_thread_cpu_s"]
            tag = label.split(",")[0].lower() + ("_" + key.split()[-1] if "clickc" in key else "")
            result[f"{tag}_speedup_wall"] = sw
            if "clickc" in key:
                result[f"{tag}_speedup_cpu"] = sb
                print(f"{label:<30} {sw:>9.2f}x {sb:>18.2f}x")
            else:
                print(f"{label:<30} {sw:>9.2f}x {'-':>19}")
        print("(wall time is what counts on a quiet machine with a CPU per thread; the busiest "
              "thread's CPU time is that wall time, unaffected by other processes; 'CPU share' "
              "is the least CPU time / elapsed time of a program's threads: below 1.0 other "
              "processes took the CPUs and the wall figures do not measure clickc)")
        result["queue_drop_share"] = sum(DROPS) / (expect * len(DROPS))
        print(f"packets dropped by the queues: {100 * result['queue_drop_share']:.2f}%")
        if use_click:
            v = subprocess.run([str(click), "-j", "2", "-e", "DriverManager(stop)"],
                               capture_output=True, text=True, timeout=5).stderr.strip()
            if v:
                print(f"note: click -j 2 says: {v.splitlines()[0]}")
                result["click_j2_note"] = v.splitlines()[0]
        if args.breakdown and shutil.which("valgrind"):
            small, big = tmp / "small.click", tmp / "big.click"
            small.write_text(config(20000))
            big.write_text(config(220000))
            result["breakdown_ns"] = {}
            for n in (1, 2):
                cpu_ns = result["programs"][f"clickc -j{n} pinned"]["cpu_ns"]
                bd = breakdown(small, big, 2 * 200000, tmp, n, cpu_ns)
                result["breakdown_ns"][f"-j{n}"] = bd
            print(f"\n{'phase (ns/packet, CPU)':<28} {'-j 1':>8} {'-j 2':>8}")
            for ph in (*PHASE_ORDER, "instructions/packet"):
                a, b = (result["breakdown_ns"][f"-j{n}"][ph] for n in (1, 2))
                print(f"{ph:<28} {a:>8.1f} {b:>8.1f}")
        save_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
