#!/usr/bin/env python3
"""Benchmark of issue 7: the VPN gateway's tunnel entry (SMP Click paper, Figure 5) on one
and two threads, clickc against Click's userlevel driver, 64-byte and 1452-byte packets.

    python3 bench/bench_vpn.py [-n RUNS] [--limit64 N] [--limit1452 N] [--cipher CLASS]
                               [--click PROGRAM] [--no-click] [--json FILE]

The configuration (:func:`config`, written for this benchmark) has two inputs, as the paper's
VPN experiments have internal hosts on two interfaces, each with its own tunnel: InfiniteSource
(the same Ethernet/IPv4/UDP frame, ``LIMIT``, ``BURST 32``, ``STOP true``) -> Classifier ->
Strip(14) -> CheckIPHeader -> GetIPAddress(16) -> RadixIPsecLookup (the tunnel route with its
SA) -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> the cipher (IPsecDES by default: Click's) ->
IPsecEncap(50) -> the same RadixIPsecLookup (route to the peer) -> FixIPSrc -> DecIPTTL ->
EtherEncap -> Queue(1000) -> Counter -> Discard (and, for Click, ``DriverManager(pause, pause,
stop)``: see :func:`config`).
Sizes (:func:`frame`): "64" is a 64-byte Ethernet frame (a 50-byte IP packet), "1452" a
1452-byte IP packet (Wu and Wolf's "1452-byte UDP packets"; a 1466-byte frame).

Programs: clickc -O2 built with ``-j 1`` and ``-j 2`` (the placement pass puts each input's
path on its own thread with -j 2), and Click with ``-j 1`` and ``-j 2`` (Click's ``-j 2`` runs
two task threads; skipped with ``--no-click``).  Runs alternate, ``-n`` of each; each run must
count 2 * LIMIT packets (``cnt0.count + cnt1.count + q0.drops + q1.drops + q0.length +
q1.length``).  Reported: median wall-clock Mpps and ns/packet (wall / packets), the process's
CPU ns/packet (user + system from ``wait4``: on a shared, oversubscribed machine the figure that
does not grow with other processes' load; start-up included), and for clickc the busiest
thread's CPU ns/packet from ``--stats`` (what the wall time would be with a free CPU per
thread: the comparable figure for -j 2 on a loaded machine).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_iprouter01 import run  # noqa: E402
from benchlib import handler_values, oracle_click, udp_frame  # noqa: E402

COUNTS = ("cnt0.count", "cnt1.count", "q0.drops", "q1.drops", "q0.length", "q1.length")


def frame(size: int) -> str:
    """An Ethernet/IPv4/UDP frame as a Click ``\\<hex>`` string: 64 bytes in all for size 64,
    an IP packet of ``size`` bytes otherwise; 10.0.0.2 -> 10.1.0.2, TTL 64, checksum set."""
    return udp_frame(size, "0000c0ae67ef0000c04f71ef0800")


def config(limit: int, size: int, cipher: str, click: bool) -> str:
    """The two-input tunnel entry (see the module docstring).  For Click (``click`` True) the
    sources stop the router and ``DriverManager(pause, pause, stop)`` waits for both; clickc's
    router stops by itself once the sources are done and every queue (also those its -O2
    passes insert between threads) is empty, so its sources do not stop it."""
    paths = []
    for i in (0, 1):
        paths.append(f"""
src{i} :: InfiniteSource(DATA {frame(size)}, LIMIT {limit}, BURST 32, STOP {str(click).lower()})
  -> cl{i} :: Classifier(12/0800, -)
  -> Strip(14) -> CheckIPHeader -> GetIPAddress(16)
  -> rt{i} :: RadixIPsecLookup(198.51.100.{i + 1}/32 2, 203.0.113.{i + 1}/32 3,
                               10.1.0.0/16 203.0.113.{i + 1} 1 {4097 + i} ThisIsTheDESkey{i}
                               AndThisAuthKey0{i} 1 64);
rt{i}[1] -> IPsecESPEncap -> IPsecAuthHMACSHA1(0) -> {cipher}(1) -> IPsecEncap(50) -> rt{i};
rt{i}[3] -> FixIPSrc(198.51.100.{i + 1}) -> ttl{i} :: DecIPTTL
  -> EtherEncap(0x0800, 00:00:c0:4f:71:ef, 00:00:c0:ae:67:ef)
  -> q{i} :: Queue(1000) -> cnt{i} :: Counter -> Discard;
cl{i}[1] -> Discard; rt{i}[0] -> Discard; rt{i}[2] -> Discard; ttl{i}[1] -> Discard;""")
    return "// bench/bench_vpn.py: two tunnel entries\n" + "".join(paths) + \
        ("\nDriverManager(pause, pause, stop);\n" if click else "")


def counted(out: str) -> int:
    """The packets the COUNTS handlers of ``-h`` output count."""
    vals = handler_values(out)
    return sum(int(vals[h]) for h in COUNTS)


def timed(cmd: list[str], expect: int, stats: Path | None) -> tuple[float, float, float]:
    """(wall s, the process's CPU s, busiest thread's CPU s) of one run (the last: the
    process's CPU time when there are no per-thread statistics)."""
    extra = [f"--stats={stats}"] if stats is not None else []
    out, wall, cpu = run(cmd + extra + [a for h in COUNTS for a in ("-h", h)])
    n = counted(out)
    if n != expect:
        raise SystemExit(f"{' '.join(cmd)}: counted {n} packets, expected {expect}")
    busiest = cpu
    if stats is not None:
        busiest = max(float(t["cpu_s"]) for t in json.loads(stats.read_text())["threads"])
    return wall, cpu, busiest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=3, help="runs of each program (median)")
    ap.add_argument("--limit64", type=int, default=200000, help="packets per input, 64 bytes")
    ap.add_argument("--limit1452", type=int, default=20000,
                    help="packets per input, 1452 bytes")
    ap.add_argument("--cipher", default="IPsecDES", help="IPsecDES, IPsecAES or IPsecDES3")
    ap.add_argument("--click", default=oracle_click(),
                    help="Click's driver (default $CLICK_PREFIX/bin/click)")
    ap.add_argument("--no-click", action="store_true")
    ap.add_argument("--json", type=Path)
    a = ap.parse_args(argv)
    use_click = not a.no_click and Path(a.click).exists() and a.cipher != "IPsecDES3"
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as td:
        tmp = Path(td)
        for size, limit in ((64, a.limit64), (1452, a.limit1452)):
            cfg = tmp / f"vpn{size}.click"
            cfg.write_text(config(limit, size, a.cipher, False))
            click_cfg = tmp / f"vpn{size}-click.click"
            click_cfg.write_text(config(limit, size, a.cipher, True))
            progs: dict[str, tuple[list[str], Path | None]] = {}
            for j in (1, 2):
                exe = tmp / f"vpn{size}-j{j}"
                p = subprocess.run([sys.executable, "-m", "clickc", "-O2", "-j", str(j),
                                    str(cfg), "-o", str(exe)], capture_output=True, text=True)
                if p.returncode != 0:
                    raise SystemExit(f"clickc failed:\n{p.stderr}")
                progs[f"clickc -j {j}"] = ([str(exe)], tmp / f"stats{j}.json")
            if use_click:
                for j in (1, 2):
                    progs[f"click -j {j}"] = ([a.click, "-j", str(j), str(click_cfg)], None)
            walls: dict[str, list[float]] = {k: [] for k in progs}
            cpus: dict[str, list[float]] = {k: [] for k in progs}
            busy: dict[str, list[float]] = {k: [] for k in progs}
            for _ in range(a.n):
                for name, (cmd, stats) in progs.items():
                    w, c, b = timed(cmd, 2 * limit, stats)
                    walls[name].append(w)
                    cpus[name].append(c)
                    busy[name].append(b)
            print(f"\n{size}-byte packets, {2 * limit} packets per run, cipher {a.cipher}, "
                  f"median of {a.n}")
            print(f"{'program':<12} {'Mpps':>7} {'ns/packet':>10} {'CPU ns/pkt':>11} "
                  f"{'busiest-thread ns/pkt':>22}")
            for name in progs:
                w = statistics.median(walls[name])
                c = statistics.median(cpus[name])
                b = statistics.median(busy[name])
                n = 2 * limit
                bs = f"{b / n * 1e9:22.0f}" if name.startswith("clickc") else f"{'':>22}"
                print(f"{name:<12} {n / w / 1e6:7.3f} {w / n * 1e9:10.0f} {c / n * 1e9:11.0f} {bs}")
                results[f"{size}/{name}"] = {"mpps": n / w / 1e6, "ns_per_packet": w / n * 1e9,
                                             "cpu_ns_per_packet": c / n * 1e9,
                                             "busiest_thread_ns_per_packet": b / n * 1e9,
                                             "walls": walls[name], "cpus": cpus[name],
                                             "busiest": busy[name]}
    if a.json:
        a.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
