#!/usr/bin/env python3
"""Issue 23's full-table router at -j 1 against -j 2, without and with a profile.

    python3 bench/bench_fulltable.py [-n RUNS] [--packets N] [--tune] [--keep DIR] [--json FILE]
    python3 bench/bench_fulltable.py --dpdk SECONDS [-n RUNS] [--packets N] [--keep DIR]

Workload: ``--packets`` (default 2,000,000) 64-byte Ethernet/IPv4/UDP frames whose destinations
are spread uniformly over the 512,621 prefixes of the RouteViews 2014 table
(../shared/routes/routeviews-20140513-pyasn.txt; bench_l3fwd.py's generator, seeded), read by
FromDump -> Classifier -> Strip -> CheckIPHeader -> RadixIPLookup (the table, each route to
output ASN % 4) -> DecIPTTL -> EtherEncap -> Counter -> Discard on each of the four ports
(:data:`CONFIG`).

Builds (clickc -O2): ``j1``; ``j2`` (estimates only: the calibrated cost model decides);
``j2-prof`` (``--profile-use`` of one run of the ``-j 1`` program built with
``--profile-generate``: the issue's case); with ``--tune``, ``tune`` (``clickc tune -j 2``, which
keeps the profile-guided plan only when it measures faster).  Each build's ``--explain`` is
kept.  Runs alternate between the builds, ``-n`` each; a run's figures are the wall time, the
busiest thread's CPU ns per packet (``--stats``; what bounds throughput with a CPU per thread,
and what other processes on the shared machine do not inflate), and the packets accounted for
(every packet ends in a Discard or is counted as a drop; the run fails otherwise).  The
1-minute load average and the cross-CPU round trip (bench/xcpu.c) are printed before and after.
Each build's predicted speedup (from its ``--explain``: placement's never-lose check) is
printed with its error against the measured one; the reader alone (``reader``: FromDump ->
Counter -> Discard) gives the serial fraction and Amdahl's bound at two CPUs.

``--dpdk SECONDS``: the same router read from a DPDK port (``FromDPDKDevice(0)``: net_pcap
replaying the capture from memory, ``infinite_rx``, so ``--packets`` of about 200,000 at
most: net_pcap holds every frame in an mbuf) for SECONDS of forwarding a run.  ``j1``
reads one receive queue (the whole capture); ``j2`` is ``-j 2`` of the same configuration,
which flow-split turns into one replica of the path per receive queue
(``FromDPDKDevice(0, K, N_QUEUES 2)``, docs/passes.md "Whole-path replication"); net_pcap
takes one ``rx_pcap`` per queue, so the capture is split in two by a hash of the IP addresses
(what the port's RSS would do) and each queue replays its half.  Each build is run for
SECONDS and for twice that (the Script stops it); the figure is the packets forwarded
between the two runs over the CPU time between them, all threads together (``--stats``: the
start-up, where net_pcap loads its capture in one thread's first task run, cancels out),
times the thread count: what the build forwards with a CPU per thread, which the other processes of
the shared machine do not change as they change wall time.  Every packet read ends in a
Discard or is counted as a drop (the run fails otherwise).  ``--keep DIR`` reuses builds.
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
from bench_l3fwd import destinations, load_routes, write_pcap  # noqa: E402
from benchlib import SHARED, save_json  # noqa: E402
from xcpu import describe, round_trip_ns  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TABLE = SHARED / "routes" / "routeviews-20140513-pyasn.txt"

CONFIG = """
src :: FromDump($IN, STOP true);
src -> cl :: Classifier(12/0800, -) -> Strip(14) -> chk :: CheckIPHeader
    -> rt :: RadixIPLookup({routes});
cl[1] -> nonip :: Counter -> Discard;
chk[1] -> badip :: Counter -> Discard;
{ports}
"""

PORT = """rt[{i}] -> ttl{i} :: DecIPTTL
    -> EtherEncap(0x0800, 02:00:00:00:00:01, 02:00:00:00:00:0{i}) -> c{i} :: Counter -> Discard;
ttl{i}[1] -> expired{i} :: Counter -> Discard;"""


def config_text(table: Path) -> str:
    """The router with the full table, routes to output ASN % 4."""
    items = []
    for line in table.read_text().splitlines():
        if not line.strip() or line.startswith(";"):
            continue
        prefix, asn = line.split()[:2]
        items.append(f"{prefix} {int(asn) % 4}")
    ports = "\n".join(PORT.format(i=i) for i in range(4))
    return CONFIG.format(routes=", ".join(items), ports=ports)


def clickc(*argv: str) -> str:
    """Run clickc; its standard error (the --explain lines).  SystemExit on failure."""
    r = subprocess.run([sys.executable, "-m", "clickc", *argv], capture_output=True,
                       text=True)
    if r.returncode != 0:
        raise SystemExit(f"clickc {' '.join(argv[:6])} ... failed:\n{r.stderr[-3000:]}")
    return r.stderr


def run(prog: Path, stats: Path, expect: int) -> dict[str, float]:
    """One run: wall s, busiest-thread CPU ns/packet, drops; checks every packet."""
    t0 = time.perf_counter()
    r = subprocess.run([str(prog), f"--stats={stats}"], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        raise SystemExit(f"{prog} failed: {r.stderr[-2000:]}")
    st = json.loads(stats.read_text())
    drops = sum(int(e.get("drops", 0)) for e in st["elements"])
    ends = sum(sum(e["in"]) for e in st["elements"] if e["class"] == "Discard")
    if ends + drops != expect:
        raise SystemExit(f"{prog}: {ends} discarded + {drops} dropped != {expect} packets")
    cpu = max(float(t["cpu_s"]) for t in st["threads"])
    return {"wall_s": wall, "cpu_ns": cpu * 1e9 / expect, "drops": drops,
            "threads_cpu_s": [float(t["cpu_s"]) for t in st["threads"]]}


def split_pcap(src: Path, outs: list[Path]) -> list[int]:
    """Write the frames of ``src`` into ``outs`` by the byte sum of their IP addresses
    (bytes 26..34 of an Ethernet frame: a stand-in for a NIC's RSS hash); frames per file."""
    import struct
    data = src.read_bytes()
    files = [o.open("wb") for o in outs]
    counts = [0] * len(outs)
    try:
        for f in files:
            f.write(data[:24])
        off = 24
        while off + 16 <= len(data):
            incl = struct.unpack_from("<I", data, off + 8)[0]
            rec = data[off:off + 16 + incl]
            k = sum(rec[16 + 26:16 + 34]) % len(outs)
            files[k].write(rec)
            counts[k] += 1
            off += 16 + incl
    finally:
        for f in files:
            f.close()
    return counts


def run_dpdk(prog: Path, pcaps: list[Path], tmp: Path) -> dict[str, Any]:
    """One DPDK run of ``prog`` (which its Script stops): per thread (CPU s, packets
    forwarded), drops; checks every packet read."""
    import shutil
    import uuid
    prefix = f"ckft{uuid.uuid4().hex[:8]}"
    vdev = "net_pcap0," + ",".join(f"rx_pcap={p}" for p in pcaps) + ",infinite_rx=1"
    stats = tmp / "dpdk.stats.json"
    argv = [str(prog), f"--stats={stats}", "--dpdk", "--no-huge",
            "--no-pci", "-m", "2048", "--no-telemetry", "--log-level=error",
            f"--file-prefix={prefix}", "-l", "0-1", f"--vdev={vdev}", "--"]
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=900)
    finally:
        shutil.rmtree(Path("/var/run/dpdk") / prefix, ignore_errors=True)
    if r.returncode != 0:
        raise SystemExit(f"{prog} failed: {r.stderr[-2000:]}")
    st = json.loads(stats.read_text())
    drops = sum(int(e.get("drops", 0)) for e in st["elements"])
    ends = sum(sum(e["in"]) for e in st["elements"] if e["class"] == "Discard")
    read = sum(sum(e["out"]) for e in st["elements"] if e["class"] == "FromDPDKDevice")
    if ends + drops != read:
        raise SystemExit(f"{prog}: {ends} discarded + {drops} dropped != {read} read")
    if not read:
        raise SystemExit(f"{prog} read no packet (a capture too large for -m 2048? net_pcap "
                         f"holds it in mbufs): {r.stderr[-1000:]}")
    return {"threads": [(float(t["cpu_s"]), int(t.get("task_packets", 0)))
                        for t in st["threads"]], "packets": ends, "drops": drops}


def dpdk_rate(short: dict[str, Any], long: dict[str, Any]) -> float:
    """Packets per second with a CPU per thread, from a short and a long run of one program:
    the packets forwarded between the two runs over the CPU time between them, all threads
    together (the start-up, where net_pcap loads its capture in the first task run of
    whichever thread runs first, is in both runs and cancels out), times the thread count
    (the replicas are independent: each thread forwards at that rate on its own CPU)."""
    n = len(long["threads"])
    dp = sum(p for _, p in long["threads"]) - sum(p for _, p in short["threads"])
    dc = sum(c for c, _ in long["threads"]) - sum(c for c, _ in short["threads"])
    return n * dp / dc if dc > 0 and dp > 0 else 0.0


def dpdk_main(a: argparse.Namespace, tmp: Path, routes: list[Any], pcap: Path) -> int:
    """``--dpdk``: -j 1 on one receive queue against -j 2 on two (see the module docstring)."""
    halves = [tmp / "q0.pcap", tmp / "q1.pcap"]
    if not all(h.is_file() for h in halves):
        print("frames per queue:", split_pcap(pcap, halves), flush=True)
    text = config_text(TABLE).replace("src :: FromDump($IN, STOP true);",
                                      "src :: FromDPDKDevice(0);")
    before = {"load": load(), "xcpu": round_trip_ns()}
    print(f"load {before['load']:.2f}, {describe(before['xcpu'])}; {len(routes)} routes, "
          f"runs of {a.dpdk} and {2 * a.dpdk} s", flush=True)
    explain: dict[str, str] = {}
    for secs in (a.dpdk, 2 * a.dpdk):
        cfg = tmp / f"fulltable-dpdk-{secs:g}.click"
        cfg.write_text(text + f"\nScript(TYPE ACTIVE, wait {secs:g}s, stop);\n")
        for n, j in (("j1", "1"), ("j2", "2")):
            prog = tmp / f"dpdk-{n}-{secs:g}"
            if not prog.exists():       # --keep: built already
                (tmp / f"dpdk-{n}.explain.txt").write_text(
                    clickc("-O2", "-j", j, "--explain", str(cfg), "-o", str(prog)))
            explain[n] = (tmp / f"dpdk-{n}.explain.txt").read_text()
    inputs = {"j1": [pcap], "j2": halves}
    rates: dict[str, list[float]] = {"j1": [], "j2": []}
    drops: dict[str, int] = {"j1": 0, "j2": 0}
    raw: dict[str, list[dict[str, Any]]] = {"j1": [], "j2": []}
    for _ in range(a.runs):
        for n in rates:
            short = run_dpdk(tmp / f"dpdk-{n}-{a.dpdk:g}", inputs[n], tmp)
            long = run_dpdk(tmp / f"dpdk-{n}-{2 * a.dpdk:g}", inputs[n], tmp)
            rates[n].append(dpdk_rate(short, long))
            raw[n].append({"short": short, "long": long})
            drops[n] = max(drops[n], short["drops"], long["drops"])
    after = {"load": load(), "xcpu": round_trip_ns()}
    print(f"load {after['load']:.2f}, {describe(after['xcpu'])}")
    base = statistics.median(rates["j1"])
    print(f"{'build':6} {'Mpps (per CPU s, summed)':>25} {'drops':>7} {'vs j1':>7} "
          f"{'predicted':>10} {'error':>7}")
    summary: dict[str, Any] = {"before": before, "after": after, "seconds": a.dpdk,
                               "builds": {}}
    for n, rs in rates.items():
        m = statistics.median(rs)
        pred = predicted_speedup(explain[n])
        err = pred / (m / base) - 1
        print(f"{n:6} {m / 1e6:25.3f} {drops[n]:7d} {m / base:6.2f}x {pred:9.2f}x "
              f"{100 * err:+6.0f}%")
        summary["builds"][n] = {"pps": m, "runs": rs, "raw": raw[n], "drops": drops[n],
                                "predicted": pred,
                                "error": err, "explain": explain[n].splitlines()}
    save_json(a.json, summary)
    return 0


def predicted_speedup(explain: str) -> float:
    """The speedup over -j 1 the compiler predicted for a build, from its ``--explain``:
    placement's never-lose check (busiest thread against the plan without crossings, both
    with the calibrated transfer), or flow-split's per-queue replication (work / replicas);
    1.0 when nothing was parallelized."""
    import re
    m = re.search(r"busiest thread ([\d.]+) cycles/packet against ([\d.]+) without crossings",
                  explain)
    if m and "kept" in explain[m.end():m.end() + 400].split("\n")[0]:
        return float(m.group(2)) / float(m.group(1))
    m = re.search(r": (\d+) -> (\d+) cycles/packet on each thread", explain)
    if m:
        return float(m.group(1)) / float(m.group(2))
    return 1.0


def load() -> float:
    return os.getloadavg()[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("--packets", type=int, default=2_000_000)
    ap.add_argument("--tune", action="store_true", help="also build with clickc tune -j 2")
    ap.add_argument("--keep", metavar="DIR", default=None)
    ap.add_argument("--json", metavar="FILE", default=None)
    ap.add_argument("--dpdk", metavar="SECONDS", type=float, default=None,
                    help="read from a DPDK port (net_pcap): -j 1 on one receive queue "
                         "against -j 2 on two")
    a = ap.parse_args(argv)
    if not TABLE.is_file():
        raise SystemExit(f"{TABLE} not found")
    tmp = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="bench-fulltable-"))
    tmp.mkdir(parents=True, exist_ok=True)
    routes = load_routes(TABLE)
    pcap = tmp / "in.pcap"
    if not pcap.is_file():
        write_pcap(pcap, destinations(routes, a.packets, None, 23))
    if a.dpdk is not None:
        return dpdk_main(a, tmp, routes, pcap)
    cfg = tmp / "fulltable.click"
    cfg.write_text(config_text(TABLE))
    inp = f"IN={pcap}"
    before = {"load": load(), "xcpu": round_trip_ns()}
    print(f"load {before['load']:.2f}, {describe(before['xcpu'])}; {len(routes)} routes, "
          f"{a.packets} packets", flush=True)
    progs: dict[str, Path] = {}
    explain: dict[str, str] = {}
    explain["j1"] = clickc("-O2", "-j", "1", "--explain", str(cfg), inp, "-o",
                           str(tmp / "j1"))
    progs["j1"] = tmp / "j1"
    explain["j2"] = clickc("-O2", "-j", "2", "--explain", str(cfg), inp, "-o",
                           str(tmp / "j2"))
    progs["j2"] = tmp / "j2"
    prof = tmp / "j1.prof"
    clickc("-O2", "-j", "1", f"--profile-generate={prof}", str(cfg), inp, "-o",
           str(tmp / "j1-gen"))
    run(tmp / "j1-gen", tmp / "gen.stats.json", a.packets)
    explain["j2-prof"] = clickc("-O2", "-j", "2", f"--profile-use={prof}", "--explain",
                                str(cfg), inp, "-o", str(tmp / "j2-prof"))
    progs["j2-prof"] = tmp / "j2-prof"
    if a.tune:
        explain["tune"] = clickc("tune", "-O2", "-j", "2", "--explain", str(cfg), inp, "-o",
                                 str(tmp / "tune"), "--keep", str(tmp / "tune.d"))
        progs["tune"] = tmp / "tune"
    for name, text in explain.items():
        (tmp / f"{name}.explain.txt").write_text(text)
    # the serial part: FromDump alone (its reads, the buffers, a Counter and Discard)
    reader = tmp / "reader.click"
    reader.write_text("src :: FromDump($IN, STOP true) -> c :: Counter -> Discard;\n")
    clickc("-O2", "-j", "1", str(reader), inp, "-o", str(tmp / "reader"))
    progs["reader"] = tmp / "reader"
    explain["reader"] = ""
    results: dict[str, list[dict[str, float]]] = {n: [] for n in progs}
    for _ in range(a.runs):
        for name, prog in progs.items():
            results[name].append(run(prog, tmp / f"{name}.stats.json", a.packets))
    after = {"load": load(), "xcpu": round_trip_ns()}
    print(f"load {after['load']:.2f}, {describe(after['xcpu'])}")
    base = statistics.median(r["cpu_ns"] for r in results["j1"])
    wbase = statistics.median(r["wall_s"] for r in results["j1"])
    print(f"{'build':10} {'wall s':>8} {'busiest CPU ns/pkt':>19} {'drops':>7} {'vs j1 CPU':>10} "
          f"{'vs j1 wall':>11} {'predicted':>10} {'error':>7}")
    summary: dict[str, Any] = {"before": before, "after": after, "packets": a.packets,
                               "routes": len(routes), "builds": {}}
    for name, rs in results.items():
        ns = statistics.median(r["cpu_ns"] for r in rs)
        wall = statistics.median(r["wall_s"] for r in rs)
        drops = max(int(r["drops"]) for r in rs)
        pred = predicted_speedup(explain[name])
        err = pred / (base / ns) - 1
        print(f"{name:10} {wall:8.3f} {ns:19.1f} {drops:7d} {base / ns:9.2f}x "
              f"{wbase / wall:10.2f}x {pred:9.2f}x {100 * err:+6.0f}%")
        summary["builds"][name] = {"wall_s": wall, "cpu_ns": ns, "drops": drops,
                                   "runs": rs, "predicted": pred, "error": err,
                                   "explain": explain[name].splitlines()}
    r = statistics.median(x["cpu_ns"] for x in results["reader"])
    s_ = r / base
    summary["amdahl"] = {"reader_ns": r, "serial_fraction": s_,
                         "amdahl_2": 1 / (s_ + (1 - s_) / 2), "pipelined_2": min(2.0, 1 / s_)}
    print(f"reader (FromDump -> Counter -> Discard) {r:.1f} ns/packet = {100 * s_:.0f}% of -j 1: "
          f"Amdahl's bound at 2 CPUs {summary['amdahl']['amdahl_2']:.2f}x (the reader "
          f"overlapped with the rest: {summary['amdahl']['pipelined_2']:.2f}x)")
    save_json(a.json, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
