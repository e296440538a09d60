#!/usr/bin/env python3
"""The full IP router with the whole Internet table, read from a capture (issue 20, config (b)):
clickc's vector mode against per-packet code, FastClick and Click, side by side.

    python3 bench/bench_fullrouter.py [--runs 5] [--packets 1000000] [--zipf 1.0] [--burst 32]
                                      [--route-limit N] [--quick] [--json FILE] [--svg FILE]

Workload.  bench/configs/iprouter-full.click (examples/iprouter.click's elements: Classifier,
Paint, Strip, CheckIPHeader, GetIPAddress, RadixIPLookup, then per output DropBroadcasts,
PaintTee, IPGWOptions, FixIPSrc, DecIPTTL, IPFragmenter, EtherEncap, with their ICMPErrors
back into the table) with the RouteViews 2014 table (../shared/routes, 512,621 prefixes; each
prefix to output 1 or 2 by a CRC of the prefix), FromDump reading ``--burst`` packets per
task run.  Captures of ``--packets`` 64-byte Ethernet/IPv4/UDP frames are generated into a
temporary directory by bench/bench_l3fwd.py's generator (destinations uniform over the
prefixes, and Zipf over them with exponent ``--zipf``), and a third of IMIX-sized frames
(uniform destinations; 64, 576 and 1500-byte frames in the classic 7:4:1 proportion, seeded).

Systems.
- clickc -O2 (the compiler decides: vector mode where its cost model predicts a gain; the
  decision is printed from ``--explain``), and clickc -O2 ``--batch 0`` (per packet).
- FastClick, when the environment variable FASTCLICK names its ``click`` (a batching build):
  the same configuration.  Click, when CLICK names its ``click``: the same configuration
  without FromDump's BURST (Click has none).

Figures.  Every system is timed the same way: the CPU time (user + system, from wait4) of a run
over the capture minus the median CPU time of runs over a one-packet capture (start-up: table
load, file opening), divided by the packets; medians of ``--runs`` alternating rounds.  For
clickc, ``--stats``'s task-loop CPU time gives a second figure, and its per-element drop
counts check that both programs forwarded the same packets (the counters of every output are
compared).  Cycles/packet use /proc/cpuinfo's "cpu MHz".
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from bench_l3fwd import (  # noqa: E402
    Route,
    add_workload_args,
    cpu_mhz,
    destinations,
    frame,
    ip_str,
    load_routes,
    write_pcap,
)
from benchlib import handler_values, save_json, scratch_dir  # noqa: E402

CONFIG = ROOT / "bench" / "configs" / "iprouter-full.click"
#: The handlers read after every run: what left by each output, and the drops by reason.
COUNTERS = ("sent1.count", "sent2.count", "host.count", "badip.count", "other.count")


#: Classic IMIX: frame sizes in bytes and their weights (7:4:1).
IMIX = ((64, 7), (576, 4), (1500, 1))


def imix_frame(dst: int, ident: int, size: int) -> bytes:
    """bench_l3fwd.frame() grown to ``size`` bytes: IP total length ``size - 14``, the IP
    checksum set again (RFC 1071), UDP length to match, zero payload."""
    base = bytearray(frame(dst, ident))
    iplen = size - 14
    base[16:18] = struct.pack("!H", iplen)
    base[24:26] = b"\0\0"
    s = sum(struct.unpack("!10H", bytes(base[14:34])))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    base[24:26] = struct.pack("!H", ~s & 0xFFFF)
    base[38:40] = struct.pack("!H", iplen - 20)
    return bytes(base) + bytes(size - len(base))


def write_imix_pcap(path: Path, dsts: list[int], seed: int) -> None:
    """A pcap file of one IMIX-sized frame per destination (sizes drawn by :data:`IMIX`'s
    weights with a seeded generator)."""
    rng = random.Random(seed)
    sizes = [s for s, w in IMIX for _ in range(w)]
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i, d in enumerate(dsts):
            data = imix_frame(d, i, rng.choice(sizes))
            f.write(struct.pack("<IIII", i // 1000000, i % 1000000, len(data), len(data)))
            f.write(data)


def route_text(routes: list[Route]) -> str:
    """The route table as RadixIPLookup's configuration: each prefix to output 1 or 2."""
    return ", ".join(f"{ip_str(a)}/{n} {1 + (zlib.crc32(a.to_bytes(4, 'big') + bytes([n])) & 1)}"
                     for a, n in routes)


def config_text(routes: list[Route], burst: bool) -> str:
    """bench/configs/iprouter-full.click with the table in place of ``$ROUTES`` (and without
    FromDump's BURST when ``burst`` is false: Click's FromDump has none)."""
    text = CONFIG.read_text().replace("RadixIPLookup($ROUTES)",
                                      f"RadixIPLookup({route_text(routes)})")
    if not burst:
        text = text.replace(", BURST $BURST)", ")")
    return text


def compile_clickc(config: Path, out: Path, extra: list[str]) -> str:
    """clickc -O2 ``config`` with ``extra`` options into ``out``; returns the ``--explain``
    lines of the batch pass.  RuntimeError on failure."""
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", "--explain", *extra, str(config),
                        "-o", str(out)], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"clickc failed on {config}:\n{r.stderr[-2000:]}")
    return "\n".join(line for line in r.stderr.splitlines() if "[batch]" in line)


class Timer:
    """CPU seconds of child runs: the difference of RUSAGE_CHILDREN around each run (runs are
    sequential, so the difference is that run's)."""

    def run(self, argv: list[str]) -> tuple[float, str]:
        """Run ``argv``; (CPU seconds, standard output + error).  RuntimeError when it
        fails."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run(argv, capture_output=True, text=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if r.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({r.returncode}):\n"
                               f"{(r.stdout + r.stderr)[-2000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return cpu, r.stdout + r.stderr


def system_argv(name: str, prog: str, config: Path, pcap: Path, stats: Path | None) -> list[str]:
    """The command line of one run of system ``name`` on ``pcap``."""
    hs = [w for h in COUNTERS for w in ("-h", h)]
    if name.startswith("clickc"):
        extra = [f"--stats={stats}"] if stats is not None else []
        return [prog, f"IN={pcap}", *extra, *hs]
    return [prog, str(config), f"IN={pcap}", *hs]


def stats_cpu(path: Path) -> float:
    """The busiest thread's task-loop CPU seconds in a ``--stats`` document."""
    doc: dict[str, Any] = json.loads(path.read_text())
    return max((float(t.get("cpu_s", 0.0)) for t in doc.get("threads", [])), default=0.0)


def svg_bars(result: dict[str, Any]) -> str:
    """A horizontal bar chart (SVG text) of CPU ns/packet per system, one group per traffic
    mix of ``result["mixes"]`` (the figures :func:`main` measured)."""
    rows: list[tuple[str, str, float]] = []
    for mix, systems in result["mixes"].items():
        for name, row in systems.items():
            if isinstance(row, dict):
                rows.append((mix, name, float(row["cpu_ns_per_packet"])))
    top = max((v for _, _, v in rows), default=1.0) or 1.0
    bar_h, left, width = 18, 330, 420
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 70}" '
           f'height="{len(rows) * (bar_h + 6) + 40}" font-family="sans-serif" font-size="12">',
           f'<text x="4" y="16">CPU ns/packet, full table ({result["prefixes"]} prefixes), '
           f'lower is better</text>']
    y = 28
    for mix, name, v in rows:
        w = max(1.0, width * v / top)
        out.append(f'<text x="4" y="{y + 13}">{mix}: {name}</text>'
                   f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar_h}" '
                   f'fill="{"#3a7" if name == "clickc -O2" else "#888"}"/>'
                   f'<text x="{left + w + 4:.1f}" y="{y + 13}">{v:.1f}</text>')
        y += bar_h + 6
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="alternating rounds (medians)")
    add_workload_args(ap, packets=1_000_000)
    ap.add_argument("--burst", type=int, default=32, help="FromDump's BURST")
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: 16384 prefixes, 20000 packets, 1 round")
    ap.add_argument("--json", help="also write the results as JSON")
    ap.add_argument("--svg", help="also draw CPU ns/packet as an SVG bar chart")
    a = ap.parse_args(argv)
    if a.quick:
        a.runs, a.packets, a.route_limit = 1, 20_000, a.route_limit or 16384
    routes = load_routes(a.routes, a.route_limit)
    mhz = cpu_mhz()
    timer = Timer()
    result: dict[str, Any] = {"prefixes": len(routes), "packets": a.packets, "burst": a.burst,
                              "cpu_mhz": mhz, "loadavg": os.getloadavg(), "mixes": {}}
    with scratch_dir("bench-fullrouter-") as tmp:
        cfg = tmp / "router.click"
        cfg.write_text(config_text(routes, burst=True).replace(
            "$BURST 32);", f"$BURST {a.burst});"))
        click_cfg = tmp / "router-click.click"
        click_cfg.write_text(config_text(routes, burst=False))
        progs: dict[str, tuple[str, Path]] = {}
        explain = compile_clickc(cfg, tmp / "clickc-O2", [])
        progs["clickc -O2"] = (str(tmp / "clickc-O2"), cfg)
        compile_clickc(cfg, tmp / "clickc-batch0", ["--batch", "0"])
        progs["clickc -O2 --batch 0"] = (str(tmp / "clickc-batch0"), cfg)
        if os.environ.get("FASTCLICK"):
            progs["FastClick"] = (os.environ["FASTCLICK"], cfg)
        if os.environ.get("CLICK"):
            progs["Click"] = (os.environ["CLICK"], click_cfg)
        print(f"{len(routes)} prefixes; {a.packets} packets of 64 bytes per capture; "
              f"FromDump BURST {a.burst}; load {os.getloadavg()[0]:.1f}")
        print(explain)
        result["explain"] = explain
        mixes = {"uniform": None, f"zipf s={a.zipf:g}": a.zipf, "IMIX, uniform": None}
        for mix, zipf in mixes.items():
            dsts = destinations(routes, a.packets, zipf, a.seed)
            pcap, one = tmp / "in.pcap", tmp / "one.pcap"
            if mix.startswith("IMIX"):
                write_imix_pcap(pcap, dsts, a.seed)
            else:
                write_pcap(pcap, dsts)
            write_pcap(one, dsts[:1])
            cpu: dict[str, list[float]] = {n: [] for n in progs}
            base: dict[str, list[float]] = {n: [] for n in progs}
            loop: dict[str, list[float]] = {n: [] for n in progs}
            values: dict[str, dict[str, str]] = {}
            for _ in range(a.runs):
                for name, (prog, conf) in progs.items():
                    st = tmp / "stats.json" if name.startswith("clickc") else None
                    c, out = timer.run(system_argv(name, prog, conf, pcap, st))
                    cpu[name].append(c)
                    values[name] = handler_values(out)
                    if st is not None:
                        loop[name].append(stats_cpu(st))
                    c1, _ = timer.run(system_argv(name, prog, conf, one, None))
                    base[name].append(c1)
            rows: dict[str, Any] = {}
            for name in progs:
                ns = (statistics.median(cpu[name]) - statistics.median(base[name])) \
                    * 1e9 / a.packets
                row: dict[str, Any] = {"cpu_ns_per_packet": ns,
                                       "cycles_per_packet": ns * mhz / 1e3,
                                       "mpps_cpu": 1e3 / ns if ns > 0 else 0.0,
                                       "cpu_s_runs": cpu[name], "startup_s_runs": base[name],
                                       "handlers": values[name]}
                if loop[name]:
                    lns = statistics.median(loop[name]) * 1e9 / a.packets
                    row["loop_cpu_ns_per_packet"] = lns
                rows[name] = row
            ref = rows["clickc -O2"]["cpu_ns_per_packet"]
            print(f"\n{mix}:")
            for name, row in rows.items():
                ratio = row["cpu_ns_per_packet"] / ref if ref > 0 else 0.0
                lns = row.get("loop_cpu_ns_per_packet")
                print(f"  {name:22s} {row['cpu_ns_per_packet']:7.1f} ns/packet "
                      f"{row['cycles_per_packet']:6.0f} cycles {row['mpps_cpu']:6.2f} Mpps"
                      + (f"  (task loop {lns:.1f} ns)" if lns else "")
                      + f"   clickc -O2 is {ratio:.2f}x")
            same = len({json.dumps(v, sort_keys=True) for k, v in values.items()
                        if k.startswith("clickc")}) == 1
            print(f"  clickc programs forwarded the same counts: {same} "
                  f"({values['clickc -O2']})")
            rows["clickc_counts_equal"] = same
            result["mixes"][mix] = rows
    save_json(a.json, result)
    if a.svg:
        Path(a.svg).write_text(svg_bars(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
