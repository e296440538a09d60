#!/usr/bin/env python3
"""Forwarding rate between two veth interfaces: clickc's FromDevice/ToDevice (AF_PACKET with the
transmit ring or sendmmsg, AF_XDP), FromDPDKDevice/ToDPDKDevice on DPDK's net_af_packet and
net_af_xdp drivers, the original Click's FromDevice/ToDevice on the same veth pair, and DPDK's
net_null / net_ring (no kernel at all) as the upper bound of the DPDK path.

    sudo python3 bench/bench_io.py [--seconds 3] [--runs 3] [--only NAME ...] [--json FILE]

Set-up (tests/io/io_netns.py): namespaces snd, rtr, rcv; veths snd:a0-rtr:r0 and rtr:r1-rcv:b0,
no addresses, IPv6 off.  A clickc generator in snd sends 60-byte UDP frames into a0 as fast as
it can (InfiniteSource -> Queue -> ToDevice, pinned to CPU 0), addressed to a MAC address that no
interface has, so each kernel drops them right after the packet sockets; the router under test
in rtr forwards r0 -> r1 (pinned to CPU 1).  Each router counts what it forwards with a Counter
in front of its output element; the rate is that count over the router's own run time
(clickc: the task loop time of --stats; Click: the driver time printed by -t).  The CPU time
per packet is the forwarder's own (thread CPU time; Click: user + system time): with a
generator that cannot saturate the forwarder it is the better measure of cost.  "dropped
before read" is FromDevice's kernel_drops (FromDPDKDevice's hw_dropped): non-zero means the
forwarder was the bottleneck.  The "ToDevice alone" variants send from an InfiniteSource in
rtr (no generator involved) to compare the transmit ring with sendmmsg.  "2 threads" is one
router compiled with -j 2: two FromDevice -> Queue -> ToDevice paths, one per thread (the
runtime pins thread i to CPU i, so one shares CPU 0 with the generator), whose FromDevice
elements share r0 with FANOUT true (PACKET_FANOUT_HASH); "2 processes" is the same with two
single-thread routers.  The generator sends 64 flows (UDP source ports) so that fanout has
something to spread.  Each figure is the median of --runs
runs of --seconds each.  The machine is small and shared: read the figures as relative.
Needs root, iproute2, libxdp/libbpf and DPDK (a variant that cannot run says why).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "io"))
from io_netns import Topology  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import oracle_click  # noqa: E402

CLICK = Path(oracle_click())

#: Ethernet header of the generated frames: a unicast destination that is no interface's
#: address, so the receiving kernel drops the frame right after the packet sockets saw it
#: (PACKET_OTHERHOST), and the forwarder's cost is what is measured, not the IP stack's.
FRAME_HEAD = "020000000002 020000000001 0800"
FRAME_IP = ("4500002e 00000000 4011 0000 0a000001 0a000002 03e8 0035 001a 0000 "
            "000102030405060708090a0b0c0d0e0f1011")


def generator_config() -> str:
    """The generator: 64 InfiniteSources of 60-byte Ethernet/IPv4/UDP frames (FRAME_HEAD), one
    flow each (UDP source port 1000 + i), all into one Queue and ToDevice."""
    lines = ["q :: Queue(65536) -> td :: ToDevice(a0, BURST 64);"]
    for i in range(64):
        port = f"{1000 + i:04x}"
        lines.append(
            f"InfiniteSource(DATA \\<{FRAME_HEAD} 4500002e 00000000 4011 0000 "
            f"0a000001 0a000002 {port} 0035 001a 0000 000102030405060708090a0b0c0d0e0f1011>, "
            f"LIMIT -1, BURST 8) -> q;")
    return "\n".join(lines) + "\n"


@dataclass
class Variant:
    name: str
    kind: str  # "clickc", "dpdk", "click"
    config: str
    eal: list[str] = field(default_factory=list)
    processes: int = 1
    uses_veth: bool = True
    threads: int = 1  # clickc -j: the router's threads (the runtime pins them to CPUs 0..N-1)
    counters: tuple[str, ...] = ("c",)  # Counters whose counts add up to what was forwarded


def variants() -> list[Variant]:
    fwd = "-> Queue(4096) -> c :: Counter ->"
    null_eal = ["--vdev=net_null0", "--vdev=net_null1"]
    tx_src = f"InfiniteSource(DATA \\<{FRAME_HEAD} {FRAME_IP}>, LIMIT -1, BURST 32)"
    return [
        Variant("clickc ToDevice alone, TX ring", "clickc",
                f"{tx_src} {fwd} ToDevice(r1, BURST 32);"),
        Variant("clickc ToDevice alone, sendmmsg", "clickc",
                f"{tx_src} {fwd} ToDevice(r1, BURST 32, TX_RING false);"),
        Variant("clickc AF_PACKET (TX ring)", "clickc",
                f"fd :: FromDevice(r0, BURST 32) {fwd} ToDevice(r1, BURST 32);"),
        Variant("clickc AF_PACKET (sendmmsg)", "clickc",
                f"fd :: FromDevice(r0, BURST 32) {fwd} ToDevice(r1, BURST 32, TX_RING false);"),
        Variant("clickc AF_PACKET, 2 processes (FANOUT)", "clickc",
                f"fd :: FromDevice(r0, BURST 32, FANOUT true) {fwd} ToDevice(r1, BURST 32);",
                processes=2),
        Variant("clickc AF_PACKET, 2 threads (FANOUT)", "clickc",
                f"fd :: FromDevice(r0, BURST 32, FANOUT true) {fwd} ToDevice(r1, BURST 32);\n"
                "fd1 :: FromDevice(r0, BURST 32, FANOUT true) -> Queue(4096) -> c1 :: Counter "
                "-> ToDevice(r1, BURST 32);", threads=2, counters=("c", "c1")),
        Variant("clickc AF_XDP (copy mode)", "clickc",
                f"fd :: FromDevice(r0, BURST 32, METHOD XDP) {fwd} "
                f"ToDevice(r1, BURST 32, METHOD XDP);"),
        Variant("clickc DPDK net_af_packet", "dpdk",
                "fd :: FromDPDKDevice(0) -> c :: Counter -> ToDPDKDevice(1);",
                ["--vdev=net_af_packet0,iface=r0", "--vdev=net_af_packet1,iface=r1"]),
        Variant("clickc DPDK net_af_xdp", "dpdk",
                "fd :: FromDPDKDevice(0) -> c :: Counter -> ToDPDKDevice(1);",
                ["--vdev=net_af_xdp0,iface=r0", "--vdev=net_af_xdp1,iface=r1"]),
        Variant("Click FromDevice/ToDevice (METHOD LINUX)", "click",
                f"fd :: FromDevice(r0, METHOD LINUX, BURST 32) {fwd} "
                f"ToDevice(r1, METHOD LINUX, BURST 32);"),
        Variant("clickc DPDK net_null -> net_null (no kernel)", "dpdk",
                "FromDPDKDevice(0) -> c :: Counter -> ToDPDKDevice(1);", null_eal,
                uses_veth=False),
        Variant("clickc DPDK net_ring loop (no kernel)", "dpdk",
                "InfiniteSource(LENGTH 60, LIMIT -1, BURST 32) -> ToDPDKDevice(net_ring0);\n"
                "FromDPDKDevice(net_ring0) -> c :: Counter -> Discard;",
                ["--vdev=net_ring0"], uses_veth=False),
    ]


def compile_router(config: str, out: Path, threads: int = 1) -> None:
    src = out.with_suffix(".click")
    src.write_text(config, encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "-j", str(threads), str(src),
                        "-o", str(out)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"clickc failed on {src}:\n{r.stderr}")


def eal_args(extra: list[str]) -> list[str]:
    return ["--dpdk", "--no-huge", "--no-pci", "-m", "512", "--no-telemetry",
            "--log-level=error", f"--file-prefix=ckb{uuid.uuid4().hex[:8]}", "-l", "1",
            *extra, "--"]


def handler_value(out: str, name: str) -> int:
    lines = out.splitlines()
    if f"{name}:" in lines:
        return int(lines[lines.index(f"{name}:") + 1])
    return int(lines[-1])


def run_once(topo: Topology, v: Variant, prog: Path, seconds: float,
             tmp: Path) -> tuple[float, float, int]:
    """One run of variant ``v``: packets per second it forwarded, CPU nanoseconds per packet
    (the forwarder's own CPU time) and the frames the kernel/device dropped before the
    forwarder read them (FromDevice kernel_drops, FromDPDKDevice hw_dropped; -1: unknown)."""
    procs = []
    stats_files = []
    drops_kind = {"clickc": "kernel_drops", "dpdk": "hw_dropped", "click": "kernel_drops"}[v.kind]
    drop_handlers = [f"{e}.{drops_kind}" for e in ("fd", "fd1") if f"{e} ::" in v.config]
    count_handlers = [f"{c}.count" for c in v.counters]
    hs = [a for h in count_handlers + drop_handlers for a in ("-h", h)]
    for k in range(v.processes):
        if v.kind == "click":
            argv = ["taskset", "-c", "1", str(CLICK), "-t", "-e", v.config, *hs]
        else:
            sf = tmp / f"stats{k}.json"
            stats_files.append(sf)
            pin = ["taskset", "-c", str(1 - k % 2) if v.processes > 1 else "1"]
            argv = [*(pin if v.threads == 1 else []), str(prog), *hs, f"--stats={sf}"]
            if v.kind == "dpdk":
                argv += eal_args(v.eal)
        procs.append(subprocess.Popen(topo.cmd("rtr", argv), stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    time.sleep(seconds)
    total = cpu_total = 0.0
    count_total = 0
    drops = 0 if drop_handlers else -1
    for k, p in enumerate(procs):
        p.send_signal(signal.SIGINT if v.kind == "click" else signal.SIGTERM)
        out, err = p.communicate(timeout=60)
        if p.returncode not in (0, -2, 130):
            raise RuntimeError(f"exit {p.returncode}: {err.strip()[-400:]}")
        count = sum(handler_value(out, h) for h in count_handlers)
        drops += sum(handler_value(out, h) for h in drop_handlers)
        if v.kind == "click":
            # -t: "USERu SYSTEMs M:SS.ss" (Click prints it before the handler values)
            m = re.search(r"([\d.]+)u\s+([\d.]+)s\s+(\d+):([\d.]+)", err + "\n" + out)
            wall = float(m.group(3)) * 60 + float(m.group(4)) if m else seconds
            cpu = float(m.group(1)) + float(m.group(2)) if m else 0.0
        else:
            st = json.loads(stats_files[k].read_text())
            wall = max(float(t.get("elapsed_s", 0)) for t in st["threads"]) or seconds
            cpu = sum(float(t.get("cpu_s", 0)) for t in st["threads"])
        total += count / wall
        cpu_total += cpu
        count_total += count
    return total, (cpu_total * 1e9 / count_total if count_total else 0.0), drops


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--only", nargs="*", help="variants whose name contains one of these words")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    if os.geteuid() != 0:
        print("bench_io needs root (network namespaces)", file=sys.stderr)
        return 1
    chosen = [v for v in variants()
              if not args.only or any(w.lower() in v.name.lower() for w in args.only)]
    results: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-io-") as d:
        tmp = Path(d)
        gen = tmp / "gen"
        compile_router(generator_config(), gen)
        progs: dict[str, Path] = {}
        for i, v in enumerate(chosen):
            if v.kind == "click":
                continue
            progs[v.name] = tmp / f"v{i}"
            try:
                compile_router(v.config, progs[v.name], v.threads)
            except RuntimeError as e:
                results[v.name] = {"error": str(e).splitlines()[-1]}
        with Topology(mtu=1500) as topo:
            g = subprocess.Popen(topo.cmd("snd", ["taskset", "-c", "0", str(gen)]),
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            try:
                time.sleep(1.0)
                for v in chosen:
                    if v.name in results:
                        continue
                    if v.kind == "click" and not CLICK.exists():
                        results[v.name] = {"error": f"{CLICK} is not installed"}
                        continue
                    rates, cpus, drops = [], [], []
                    try:
                        for _ in range(args.runs):
                            pps, cpu, dr = run_once(topo, v, progs.get(v.name, gen),
                                                    args.seconds, tmp)
                            rates.append(pps)
                            cpus.append(cpu)
                            drops.append(dr)
                    except (RuntimeError, ValueError, subprocess.TimeoutExpired) as e:
                        results[v.name] = {"error": str(e).strip().splitlines()[-1][:300]}
                        print(f"{v.name}: failed: {results[v.name]['error']}", flush=True)
                        continue
                    med = statistics.median(rates)
                    results[v.name] = {"pps_median": med, "pps_runs": rates,
                                       "cpu_ns_per_packet_median": statistics.median(cpus),
                                       "drops_runs": drops}
                    print(f"{v.name}: {med / 1e6:.3f} Mpps (runs: "
                          f"{', '.join(f'{r / 1e6:.3f}' for r in rates)}), "
                          f"{statistics.median(cpus):.0f} CPU ns/packet, drops {drops}",
                          flush=True)
            finally:
                g.send_signal(signal.SIGTERM)
                g.communicate(timeout=60)
    print("\n| variant | Mpps (median) | runs (Mpps) | CPU ns/packet | dropped before read |")
    print("|---|---|---|---|---|")
    for name, r in results.items():
        if "error" in r:
            print(f"| {name} | n/a | {r['error']} | | |")
            continue
        runs = r["pps_runs"]
        drops = r["drops_runs"]
        assert isinstance(runs, list) and isinstance(drops, list)
        med = r["pps_median"]
        cpu = r["cpu_ns_per_packet_median"]
        assert isinstance(med, float) and isinstance(cpu, float)
        print(f"| {name} | {med / 1e6:.3f} | {', '.join(f'{x / 1e6:.3f}' for x in runs)} | "
              f"{cpu:.0f} | {'n/a' if min(drops) < 0 else ', '.join(map(str, drops))} |")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
