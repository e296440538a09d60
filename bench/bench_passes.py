#!/usr/bin/env python3
"""Benchmark of the parallelizing passes (issue 8): flow-split and pipeline-cut at -O2.

    python3 bench/bench_passes.py [-n RUNS] [--limit PACKETS] [--vpn-limit PACKETS]
                                  [--json FILE]

Two routers, both written for this benchmark:

* the IP router: bench_smp.py's two independent IP forwarding paths (SMP Click Fig. 2 shape).
  Built -O0 -j 2 (no passes, C at -O0 -g), -O2 -j 2 with ``--passes=`` the -O2 pipeline
  without flow-split and pipeline-cut (optimized C, no graph rewrite) and -O2 -j 2.  The cost model
  must leave the graph alone (no path is worth a cross-CPU transfer), so -O2 is never slower
  than the others.
* a VPN tunnel entry (SMP Click Fig. 5 shape): one InfiniteSource whose packets alternate
  between two tunnels, one push path: CheckIPHeader, RadixIPsecLookup with two security
  associations, IPsecESPEncap,
  IPsecAuthHMACSHA1, IPsecDES3, IPsecEncap, Counter, Discard.  Built -O2 -j 1,
  -O2 -j 2 without the two rewriting passes (two CPUs, no rewrite: the one push path stays on
  one thread) and -O2 -j 2 (flow-split replicates the authentication and 3DES per SA on the
  SPI; the ESP encapsulation stays single).  The issue's goal is 1.8x from one to two CPUs.
  The source does not stop the router: it stops by itself once every queue is drained.

Runs alternate between the builds, ``-n`` of each.  Every run must account for all packets:
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


def run_once(prog: Path, counts: tuple[str, ...], expect: int, stats: Path,
             through_queue_drops: bool) -> tuple[float, float, int, int]:
    """(wall s, busiest thread's CPU s, delivered, dropped) of one run.  With
    ``through_queue_drops`` false, a packet the output queue dropped counts as processed (the
    IP router's sink pulls one packet per task run, as bench_smp.py measures it)."""
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
    busiest = max(float(t["cpu_s"]) for t in st["threads"])
    return wall, busiest, delivered, drops


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
    res: dict[str, list[tuple[float, float, int, int]]] = {label: [] for label, _ in progs}
    for i in range(runs):
        for label, prog in progs:
            res[label].append(run_once(prog, counts, expect, tmp / f"s{i}.json",
                                       delivered_only))
    out: dict[str, Any] = {}
    for label, rs in res.items():
        mpps = statistics.median(r[2] / r[0] / 1e6 for r in rs)
        cpu = statistics.median(r[1] * 1e9 / max(1, r[2]) for r in rs)
        drops = statistics.median(r[3] for r in rs)
        out[label] = {"delivered_mpps": mpps, "busiest_cpu_ns_per_packet": cpu,
                      "median_drops": drops, "offered": expect,
                      "runs": [list(r) for r in rs]}
        print(f"  {label:<28} {mpps:8.3f} Mpps delivered (wall)  {cpu:8.1f} ns/packet "
              f"busiest-thread CPU  drops {drops:.0f} of {expect}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    ap.add_argument("-n", "--runs", type=int, default=3)
    ap.add_argument("--limit", type=int, default=2_000_000, help="IP packets per path")
    ap.add_argument("--vpn-limit", type=int, default=100_000, help="VPN packets per tunnel")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    result: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="clickc-bench-passes-") as t:
        tmp = Path(t)
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
        result["vpn"] = bench(
            "vpn", vpn_config(a.vpn_limit),
            [("-O2 -j 1", ["-O2", "-j", "1"]),
             ("-O2 -j 2 without cut/split", ["-O2", "-j", "2", f"--passes={NO_REWRITE}"]),
             ("-O2 -j 2", ["-O2", "-j", "2"])],
            VPN_COUNTS, 2 * a.vpn_limit, a.runs, tmp, True)
    v = result["vpn"]
    print(f"VPN -O2: -j 2 / -j 1 = "
          f"{v['-O2 -j 2']['delivered_mpps'] / v['-O2 -j 1']['delivered_mpps']:.2f}x "
          f"(delivered, wall); busiest-thread CPU per delivered packet "
          f"{v['-O2 -j 1']['busiest_cpu_ns_per_packet']:.0f} -> "
          f"{v['-O2 -j 2']['busiest_cpu_ns_per_packet']:.0f} ns")
    if a.json:
        a.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
