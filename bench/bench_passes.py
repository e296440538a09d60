#!/usr/bin/env python3
"""Benchmark of the parallelizing passes (issue 8): flow-split and pipeline-cut at -O2.

    python3 bench/bench_passes.py [-n RUNS] [--limit PACKETS] [--vpn-limit PACKETS]
                                  [--only iprouter|vpn] [--json FILE]

Two routers, both written for this benchmark:

* the IP router: bench_smp.py's two independent IP forwarding paths (SMP Click Fig. 2 shape).
  Built -O0 -j 2 (no passes, C at -O0 -g), -O2 -j 2 with ``--passes=`` the -O2 pipeline
  without flow-split and pipeline-cut (optimized C, no graph rewrite) and -O2 -j 2.  The cost model
  must leave the graph alone (no path is worth a cross-CPU transfer), so -O2 is never slower
  than the others.
* a VPN tunnel entry (SMP Click Fig. 5 shape): one InfiniteSource whose packets alternate
  between two tunnels, one push path: CheckIPHeader, RadixIPsecLookup with two security
  associations, IPsecESPEncap,
  IPsecAuthHMACSHA1, IPsecDES3, IPsecEncap, Counter, Discard.  Built -O2 -j 1, -O0 -j 2 (the
  router as written, C at -O0: one thread does everything), -O2 -j 2 without the two
  rewriting passes (two CPUs, no rewrite: the one push path stays on one thread), -O2 -j 2
  (flow-split replicates the authentication and 3DES in order: OrderSplit, OrderEnter,
  OrderMerge, docs/passes.md "Ordered replication"; the ESP encapsulation stays single, in
  front, IPsecEncap after the merge; replica 0 runs on the front's thread when replica 1,
  behind a Queue and Unqueue, is busy), -O2 -j 2 with ``split_inline=0`` (replica 0 behind
  a queue too), -O2 -j 2 with ``split_capacity`` set to the run's packet count ("queues hold
  the run") and -O2 -j 2 with ``split_order=0`` (the hash split on the SPI, SMP Click's
  Fig. 3 shape: each SA on one replica, replica 0 on the front's thread).
  The issue's goal is 1.8x from one to two CPUs.
  The source does not stop the router: it stops by itself once every queue is drained.

  The source runs flat out, so with Click's 1000-packet queues between the threads a replica
  that is slower than the front drops what it cannot take, after the front thread has spent
  its work on those packets (the drops column).  With queues that hold the whole run nothing
  is dropped: a replica that falls behind works its backlog off after the source is done, and
  the busiest thread's CPU time per packet is the router's CPU cost at saturation, which is
  what bounds the throughput with a CPU per thread.  Both are reported; the per-thread table
  (CPU ns per packet the router was offered, and what each thread's tasks moved) shows which
  thread is the bottleneck.

Runs alternate between the builds, ``-n`` of each; the 1-minute load average and the
cross-CPU round trip (bench/xcpu.c: on this VM ~90-120 ns or ~380-420 ns, depending on where
the hypervisor puts the two vCPUs, which moves the two-thread builds by 20-30%) are printed
before and after (the machine may be shared).  Every run must account for all packets:
the packets counted at the end plus every element's drops (--stats) plus what is left in the
output queues.  Figures: delivered packets per wall-clock second (``time.perf_counter``
around the process), the drops, and the busiest thread's CPU time per delivered packet from
the router's ``--stats`` (on a shared machine the wall time
grows with other people's work; the busiest thread's CPU time does not, and with a free CPU per
thread it is what bounds the throughput).  Medians over the runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_smp import config as ip_config  # noqa: E402
from bench_smp import frame  # noqa: E402
from clickc.passes.manager import PIPELINES  # noqa: E402
from xcpu import describe, round_trip_ns  # noqa: E402

#: The -O2 pipeline without the graph rewrites this benchmark is about.
NO_REWRITE = ",".join(n for n in PIPELINES[2] if n not in ("flow-split", "pipeline-cut"))

IP_COUNTS = ("cnt0.count", "q0.length", "cnt1.count", "q1.length")
VPN_COUNTS = ("cnt.count", "src.count")   # two handlers: -h prints them with names


def vpn_frame(dst_octet: int) -> str:
    """bench_smp's 64-byte UDP frame sent to 10.<dst_octet>.0.2 (checksum fixed)."""
    data = bytearray.fromhex(frame()[2:-1])
    data[14 + 16:14 + 20] = bytes([10, dst_octet, 0, 2])
    data[14 + 10:14 + 12] = b"\0\0"
    s = sum(int.from_bytes(data[14 + i:14 + i + 2], "big") for i in range(0, 20, 2))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    data[14 + 10:14 + 12] = (~s & 0xFFFF).to_bytes(2, "big")
    return "\\<" + data.hex() + ">"


def vpn_config(limit: int) -> str:
    """The two-tunnel VPN entry (see the module docstring): one source whose packets
    alternate between the two tunnels' destinations (a RoundRobinSwitch and StoreIPAddress
    give every other packet the second one), ``limit`` packets per tunnel."""
    return f"""// bench/bench_passes.py: VPN tunnel entry, two SAs on one push path
RandomSeed(7);
src :: InfiniteSource(DATA {vpn_frame(1)}, LIMIT {2 * limit}, BURST 32)
  -> Strip(14) -> CheckIPHeader -> rr :: RoundRobinSwitch;
rr[0] -> ga :: GetIPAddress(16);
rr[1] -> StoreIPAddress(10.2.0.2, dst) -> ga;
ga -> rt :: RadixIPsecLookup(
  10.1.0.0/16 192.168.200.1 1 4660 ABCDEFGHIJKLMNOP 0123456789abcdef 1 64,
  10.2.0.0/16 192.168.200.2 1 4661 QRSTUVWXYZABCDEF fedcba9876543210 1 64, 0.0.0.0/0 0);
rt[0] -> Discard;
rt[1] -> espen :: IPsecESPEncap -> auth :: IPsecAuthHMACSHA1(0) -> enc :: IPsecDES3(1)
  -> IPsecEncap(50) -> cnt :: Counter -> Discard;
DriverManager(pause, stop);
"""


def same_program(cfg: Path, a: list[str], b: list[str]) -> bool:
    """Whether two option sets generate the same C for ``cfg`` (then neither can be slower
    than the other but by noise)."""
    texts = []
    for args in (a, b):
        p = subprocess.run([sys.executable, "-m", "clickc", *args, "--emit", "c", str(cfg),
                            "-o", "-"], capture_output=True, text=True)
        if p.returncode != 0:
            raise SystemExit(f"clickc {' '.join(args)} --emit c failed:\n{p.stderr}")
        texts.append(p.stdout)
    return texts[0] == texts[1]


def build(cfg: Path, out: Path, args: list[str]) -> str:
    p = subprocess.run([sys.executable, "-m", "clickc", *args, "--explain", str(cfg), "-o",
                        str(out)], capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"clickc {' '.join(args)} failed:\n{p.stderr}")
    return "\n".join(line for line in p.stderr.splitlines()
                     if "[flow-split]" in line or "[pipeline-cut]" in line)


Run = tuple[float, float, int, int, list[tuple[float, int]]]


def run_once(prog: Path, counts: tuple[str, ...], expect: int, stats: Path,
             through_queue_drops: bool) -> Run:
    """(wall s, busiest thread's CPU s, delivered, dropped, [(CPU s, packets its tasks
    moved) per thread]) of one run.  With ``through_queue_drops`` false, a packet the output
    queue dropped counts as processed (the IP router's sink pulls one packet per task run, as
    bench_smp.py measures it)."""
    cmd = [str(prog), f"--stats={stats}"] + [a for h in counts for a in ("-h", h)]
    t0 = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        raise SystemExit(f"{prog} failed:\n{p.stderr}")
    vals: dict[str, int] = {}
    cur = None
    for line in p.stdout.splitlines():
        if line.endswith(":"):
            cur = line[:-1]
        elif cur is not None and line.strip():
            vals[cur] = int(line.strip())
            cur = None
    st: dict[str, Any] = json.loads(stats.read_text())
    drops = sum(int(e.get("drops", 0)) for e in st.get("elements", []))
    delivered = sum(v for h, v in vals.items() if h.startswith("cnt"))
    left = sum(v for h, v in vals.items() if h.endswith(".length"))
    if delivered + drops + left != expect:
        raise SystemExit(f"{prog}: accounted for {delivered + drops + left} packets, "
                         f"expected {expect}")
    if not through_queue_drops:
        delivered = expect      # every packet was processed up to the output queue
    threads = [(float(t["cpu_s"]), int(t.get("task_packets", 0))) for t in st["threads"]]
    busiest = max(c for c, _ in threads)
    return wall, busiest, delivered, drops, threads


def bench(name: str, text: str, builds: list[tuple[str, list[str]]], counts: tuple[str, ...],
          expect: int, runs: int, tmp: Path, delivered_only: bool) -> dict[str, Any]:
    cfg = tmp / f"{name}.click"
    cfg.write_text(text)
    progs = []
    for label, args in builds:
        prog = tmp / f"{name}-{len(progs)}"
        why = build(cfg, prog, args)
        progs.append((label, prog))
        print(f"{name} {label}: built" + (f"\n    {why.replace(chr(10), chr(10) + '    ')}"
                                          if why else ""))
    res: dict[str, list[Run]] = {label: [] for label, _ in progs}
    for i in range(runs):
        for label, prog in progs:
            res[label].append(run_once(prog, counts, expect, tmp / f"s{i}.json",
                                       delivered_only))
    out: dict[str, Any] = {}
    for label, rs in res.items():
        mpps = statistics.median(r[2] / r[0] / 1e6 for r in rs)
        cpu = statistics.median(r[1] * 1e9 / max(1, r[2]) for r in rs)
        drops = statistics.median(r[3] for r in rs)
        nth = max(len(r[4]) for r in rs)
        per_thread = [statistics.median(r[4][t][0] * 1e9 / expect if t < len(r[4]) else 0.0
                                        for r in rs) for t in range(nth)]
        moved = [statistics.median(r[4][t][1] if t < len(r[4]) else 0 for r in rs)
                 for t in range(nth)]
        out[label] = {"delivered_mpps": mpps, "busiest_cpu_ns_per_packet": cpu,
                      "median_drops": drops, "offered": expect,
                      "thread_cpu_ns_per_offered_packet": per_thread,
                      "thread_task_packets": moved,
                      "runs": [[*r[:4], [list(x) for x in r[4]]] for r in rs]}
        threads = "  ".join(f"t{t} {c:.0f} ns ({m:.0f} moved)"
                            for t, (c, m) in enumerate(zip(per_thread, moved, strict=True)))
        print(f"  {label:<34} {mpps:8.3f} Mpps delivered (wall)  {cpu:8.1f} ns/packet "
              f"busiest-thread CPU  drops {drops:.0f} of {expect}\n"
              f"  {'':<34} per thread, CPU per offered packet: {threads}")
    return out


def table(title: str, rows: dict[str, Any], base: str, others: list[str]) -> None:
    """A Markdown table of one router's builds, with the ratios of each build over ``base``
    and over every label in ``others`` (by delivered Mpps and by busiest-thread CPU)."""
    print(f"\n{title}\n")
    print("| build | delivered Mpps (wall) | busiest-thread CPU ns/packet | drops | "
          "CPU ns per offered packet, per thread |")
    print("|---|---|---|---|---|")
    for label, r in rows.items():
        th = " / ".join(f"{c:.0f}" for c in r["thread_cpu_ns_per_offered_packet"])
        print(f"| {label} | {r['delivered_mpps']:.3f} | {r['busiest_cpu_ns_per_packet']:.0f} "
              f"| {r['median_drops']:.0f} of {r['offered']} | {th} |")
    for label in [x for x in rows if x != base]:
        for ref in [base, *others]:
            if ref == label or ref not in rows:
                continue
            a, b = rows[label], rows[ref]
            wall = a["delivered_mpps"] / b["delivered_mpps"]
            cpu = b["busiest_cpu_ns_per_packet"] / a["busiest_cpu_ns_per_packet"]
            print(f"{label} vs {ref}: {wall:.2f}x delivered (wall), {cpu:.2f}x "
                  "busiest-thread CPU")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("-n", "--runs", type=int, default=3)
    ap.add_argument("--limit", type=int, default=2_000_000, help="IP packets per path")
    ap.add_argument("--vpn-limit", type=int, default=100_000, help="VPN packets per tunnel")
    ap.add_argument("--only", choices=("iprouter", "vpn"), help="run one router only")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    result: dict[str, Any] = {"load_before": os.getloadavg()[0],
                              "xcpu_before_ns": round_trip_ns()}
    print(f"1-minute load average before: {result['load_before']:.2f} "
          f"({os.cpu_count()} CPUs), {describe(result['xcpu_before_ns'])}")
    with tempfile.TemporaryDirectory(prefix="clickc-bench-passes-") as t:
        tmp = Path(t)
        if a.only != "vpn":
            iprouter(a, tmp, result)
        if a.only != "iprouter":
            vpn(a, tmp, result)
    result["load_after"] = os.getloadavg()[0]
    result["xcpu_after_ns"] = round_trip_ns()
    print(f"\n1-minute load average after: {result['load_after']:.2f}, "
          f"{describe(result['xcpu_after_ns'])}")
    if "iprouter" in result:
        table(f"IP router, {2 * a.limit} packets, median of {a.runs}", result["iprouter"],
              "-O0 -j 2", [])
    if "vpn" in result:
        table(f"VPN entry, {2 * a.vpn_limit} packets, median of {a.runs}", result["vpn"],
              "-O2 -j 1", ["-O0 -j 2"])
    if a.json:
        a.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


def iprouter(a: argparse.Namespace, tmp: Path, result: dict[str, Any]) -> None:
    """The IP router's builds (see the module docstring) into ``result["iprouter"]``."""
    result["iprouter"] = bench(
        "iprouter", ip_config(a.limit),
        [("-O0 -j 2", ["-O0", "-j", "2"]),
         ("-O2 -j 2 without cut/split", ["-O2", "-j", "2", f"--passes={NO_REWRITE}"]),
         ("-O2 -j 2", ["-O2", "-j", "2"])],
        IP_COUNTS, 2 * a.limit, a.runs, tmp, False)
    same = same_program(tmp / "iprouter.click", ["-O2", "-j", "2"],
                        ["-O2", "-j", "2", f"--passes={NO_REWRITE}"])
    result["iprouter_same_program_with_and_without_rewrites"] = same
    print(f"IP router: -O2 -j 2 generates {'the same' if same else 'a different'} program "
          "with and without flow-split/pipeline-cut")


def vpn(a: argparse.Namespace, tmp: Path, result: dict[str, Any]) -> None:
    """The VPN entry's builds (see the module docstring) into ``result["vpn"]``."""
    n = 2 * a.vpn_limit
    result["vpn"] = bench(
        "vpn", vpn_config(a.vpn_limit),
        [("-O2 -j 1", ["-O2", "-j", "1"]),
         ("-O0 -j 2", ["-O0", "-j", "2"]),
         ("-O2 -j 2 without cut/split", ["-O2", "-j", "2", f"--passes={NO_REWRITE}"]),
         ("-O2 -j 2", ["-O2", "-j", "2"]),
         ("-O2 -j 2, every replica queued",
          ["-O2", "-j", "2", "--pass-option", "split_inline=0"]),
         ("-O2 -j 2, queues hold the run",
          ["-O2", "-j", "2", "--pass-option", f"split_capacity={n}"]),
         ("-O2 -j 2, hash split on the SPI",
          ["-O2", "-j", "2", "--pass-option", "split_order=0"])],
        VPN_COUNTS, n, a.runs, tmp, True)


if __name__ == "__main__":
    sys.exit(main())
