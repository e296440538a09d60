#!/usr/bin/env python3
"""Full-table IPv4 forwarding through DPDK (issue 20): clickc against DPDK's l3fwd example.

    python3 bench/bench_l3fwd.py [--seconds 5] [--runs 5] [--packets 12000] [--zipf 1.0]
                                 [--quick] [--json FILE]

Workload.  The RouteViews 2014 table (../shared/routes/routeviews-20140513-pyasn.txt, one
``PREFIX/LEN ASN`` a line, 512,621 prefixes) is the route table of every system, each route
to the one output port (the net_null device).  Two captures of ``--packets`` 64-byte
Ethernet/IPv4/UDP frames (IP length 50, TTL 64, valid checksum) are generated into a
temporary directory, seeded: destinations uniform over the prefixes (a prefix drawn uniformly,
then an address drawn uniformly inside it), and Zipf over the prefixes (prefix of rank r, in a
seeded random order, drawn with probability proportional to 1/r**s, s = ``--zipf``).

I/O, the same for every system: DPDK's net_pcap PMD replays the capture from memory
(``--vdev=net_pcap0,rx_pcap=FILE,infinite_rx=1``, port 0), forwarded packets go to net_null
(``--vdev=net_null0``, port 1), one lcore (EAL ``-l 1``, pinned to CPU 1 with taskset),
``--no-huge --no-pci -m 1024``.

Systems.
- DPDK l3fwd, LPM mode: /usr/share/dpdk/examples/l3fwd (Debian's dpdk-doc) copied into the
  temporary directory and patched there (nothing of DPDK is in this repository): RX checksum
  offload removed from its port configuration, the mbuf pool's floor raised to 32768
  (infinite_rx keeps the whole capture in mbufs), IPV4_L3FWD_LPM_MAX_RULES raised to 2^20 and
  IPV4_L3FWD_LPM_NUMBER_TBL8S to 2^12 (the table needs 1982 groups), and a report at exit: the
  main lcore's loop time (CLOCK_MONOTONIC and CLOCK_THREAD_CPUTIME_ID around the launch of its
  main loop), the TSC cycles over the same interval and each port's packet counters over it.
  Run with ``-p 0x3 --config=(0,0,1) --parse-ptype --lookup=lpm --rule_ipv4=FILE``; its
  rules are ``R<A.B.C.D/LEN> 1`` (lpm_route_parse.c: a leading ``R``, the prefix, blanks, the
  output port), all to port 1 (net_null0), which receives nothing (no receive queue).
- clickc -O2, bench/configs/l3fwd.click (Classifier ethertype check, Strip, CheckIPHeader,
  RadixIPLookup with the table, DecIPTTL, EtherEncap, FromDPDKDevice/ToDPDKDevice), built
  twice: zero-copy DPDK I/O (the default) and ``--cflags=-DCK_DPDK_COPY`` (the copying path).
  Packets in and out are FromDPDKDevice's and ToDPDKDevice's ``count`` handlers; time is the
  task loop of ``--stats`` (elapsed_s, cpu_s); drops are counted by reason (non-IP, bad IP
  header, TTL expired, no route, device drops).
- FastClick, only when the environment variable FASTCLICK names a FastClick ``click`` binary
  built with DPDK: the same configuration with a Script that reads ``td.count`` and the time
  after a second of warm-up and at the end (FastClick has no ``--stats``).

Each run lasts ``--seconds`` of forwarding, start-up excluded: clickc's configuration gets a
``Script(TYPE ACTIVE, wait SECONDS, stop)`` (its timer starts once the router is initialized),
l3fwd is sent SIGTERM ``--seconds`` after its patched main prints that its loop starts.  The
systems alternate within each round, ``--runs`` rounds, medians reported.  Figures: Mpps =
packets out / loop wall time; ns/packet = loop CPU time / packets out (the machine is shared
with other jobs, and CPU time is what preemption does not inflate); cycles/packet = CPU
ns/packet times the TSC frequency, measured as l3fwd's TSC cycles over its CLOCK_MONOTONIC
loop time (the median over its runs; /proc/cpuinfo's "cpu MHz" when l3fwd did not run).
"""

from __future__ import annotations

import argparse
import bisect
import json
import os
import random
import re
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
from benchlib import handler_values, save_json, scratch_dir  # noqa: E402
from breakdown import breakdown, print_breakdown  # noqa: E402

ROUTES = ROOT.parent / "shared" / "routes" / "routeviews-20140513-pyasn.txt"
L3FWD_SRC = Path("/usr/share/dpdk/examples/l3fwd")
CONFIG = ROOT / "bench" / "configs" / "l3fwd.click"
#: MAC addresses of the generated frames (the net_pcap port is promiscuous; no one checks).
SRC_MAC = bytes.fromhex("020000000001")
DST_MAC = bytes.fromhex("020000000002")
SRC_IP = bytes([198, 18, 0, 1])

Route = tuple[int, int]  # (network address as an integer, prefix length)


def load_routes(path: Path, limit: int = 0) -> list[Route]:
    """The prefixes of a pyasn table (``A.B.C.D/LEN ASN`` lines; ``;`` comments), in file
    order, duplicates dropped; the first ``limit`` only when ``limit`` > 0.

    Raises ValueError on a malformed line."""
    routes: list[Route] = []
    seen: set[Route] = set()
    for line in path.read_text().splitlines():
        if not line.strip() or line.startswith(";"):
            continue
        prefix = line.split()[0]
        addr, _, plen = prefix.partition("/")
        a = struct.unpack("!I", bytes(int(x) for x in addr.split(".")))[0]
        r = (a, int(plen))
        if r not in seen:
            seen.add(r)
            routes.append(r)
            if limit and len(routes) == limit:
                break
    return routes


def ip_str(a: int) -> str:
    """A 32-bit address as dotted quad."""
    return ".".join(str((a >> s) & 255) for s in (24, 16, 8, 0))


def destinations(routes: list[Route], n: int, zipf: float | None, seed: int) -> list[int]:
    """``n`` destination addresses: for each, a prefix drawn uniformly (``zipf`` None) or by
    Zipf's law of exponent ``zipf`` over a seeded random ranking of the prefixes, then an
    address drawn uniformly inside the prefix.  Deterministic for a given seed."""
    rng = random.Random(seed)
    if zipf is None:
        picks = [routes[rng.randrange(len(routes))] for _ in range(n)]
    else:
        ranked = routes[:]
        rng.shuffle(ranked)
        cum: list[float] = []
        total = 0.0
        for r in range(1, len(ranked) + 1):
            total += r ** -zipf
            cum.append(total)
        picks = [ranked[min(bisect.bisect_left(cum, rng.random() * total), len(ranked) - 1)]
                 for _ in range(n)]
    out = []
    for net, plen in picks:
        host = 32 - plen
        out.append((net & ~((1 << host) - 1) & 0xFFFFFFFF) | rng.getrandbits(host)
                   if host else net)
    return out


def frame(dst: int, ident: int) -> bytes:
    """A 64-byte Ethernet/IPv4/UDP frame to ``dst``: IP length 50, TTL 64, IP checksum set
    (RFC 1071), UDP 1024 -> 1024 with checksum 0, zero payload."""
    ip = bytearray(struct.pack("!BBHHHBBH4sI", 0x45, 0, 50, ident & 0xFFFF, 0x4000, 64, 17, 0,
                               SRC_IP, dst))
    s = sum(struct.unpack("!10H", ip))
    while s >> 16:
        s = (s & 0xFFFF) + (s >> 16)
    ip[10:12] = struct.pack("!H", ~s & 0xFFFF)
    udp = struct.pack("!HHHH", 1024, 1024, 30, 0)
    return DST_MAC + SRC_MAC + b"\x08\x00" + bytes(ip) + udp + bytes(22)


def write_pcap(path: Path, dsts: list[int]) -> None:
    """A pcap file (microsecond timestamps, Ethernet) of one frame() per destination."""
    with path.open("wb") as f:
        f.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
        for i, d in enumerate(dsts):
            data = frame(d, i)
            f.write(struct.pack("<IIII", i // 1000000, i % 1000000, len(data), len(data)))
            f.write(data)


# ---------------------------------------------------------------------------------------------
# DPDK l3fwd

L3FWD_REPORT_START = """
\t/* bench_l3fwd: counters and clocks around the main loop */
\tstruct rte_eth_stats bench_s0[RTE_MAX_ETHPORTS];
\tstruct timespec bench_c0, bench_w0, bench_c1, bench_w1;
\tuint64_t bench_t0, bench_t1;
\tRTE_ETH_FOREACH_DEV(portid)
\t\trte_eth_stats_get(portid, &bench_s0[portid]);
\tclock_gettime(CLOCK_THREAD_CPUTIME_ID, &bench_c0);
\tclock_gettime(CLOCK_MONOTONIC, &bench_w0);
\tbench_t0 = rte_rdtsc();
\tprintf("BENCH started\\n");
\tfflush(stdout);
"""

L3FWD_REPORT_END = """
\tbench_t1 = rte_rdtsc();
\tclock_gettime(CLOCK_MONOTONIC, &bench_w1);
\tclock_gettime(CLOCK_THREAD_CPUTIME_ID, &bench_c1);
\tprintf("BENCH elapsed_s=%.9f cpu_s=%.9f tsc=%" PRIu64 " tsc_hz=%" PRIu64 "\\n",
\t       (double)(bench_w1.tv_sec - bench_w0.tv_sec) + (bench_w1.tv_nsec - bench_w0.tv_nsec) / 1e9,
\t       (double)(bench_c1.tv_sec - bench_c0.tv_sec) + (bench_c1.tv_nsec - bench_c0.tv_nsec) / 1e9,
\t       bench_t1 - bench_t0, rte_get_tsc_hz());
\tRTE_ETH_FOREACH_DEV(portid) {
\t\tstruct rte_eth_stats bs;
\t\trte_eth_stats_get(portid, &bs);
\t\tprintf("BENCH port=%u ipackets=%" PRIu64 " opackets=%" PRIu64 " imissed=%" PRIu64
\t\t       " ierrors=%" PRIu64 " oerrors=%" PRIu64 " rx_nombuf=%" PRIu64 "\\n", portid,
\t\t       bs.ipackets - bench_s0[portid].ipackets, bs.opackets - bench_s0[portid].opackets,
\t\t       bs.imissed - bench_s0[portid].imissed, bs.ierrors - bench_s0[portid].ierrors,
\t\t       bs.oerrors - bench_s0[portid].oerrors, bs.rx_nombuf - bench_s0[portid].rx_nombuf);
\t}
\tfflush(stdout);
"""


def _sub(text: str, old: str, new: str, what: str) -> str:
    """``text`` with the one occurrence of ``old`` replaced; RuntimeError naming ``what`` when
    ``old`` is not there (another DPDK version)."""
    if text.count(old) != 1:
        raise RuntimeError(f"cannot patch l3fwd ({what}): {old!r} not found once")
    return text.replace(old, new)


def build_l3fwd(tmp: Path) -> Path:
    """Copy dpdk-doc's l3fwd example (and the examples' common headers it includes) under
    ``tmp``, patch the copy as the module docstring says, build it with ``make`` (pkg-config
    libdpdk) and return the program.  RuntimeError when the sources are missing, a patch does
    not apply or the build fails."""
    if not (L3FWD_SRC / "main.c").exists():
        raise RuntimeError(f"{L3FWD_SRC} is missing (Debian package dpdk-doc)")
    src = tmp / "examples" / "l3fwd"
    shutil.copytree(L3FWD_SRC, src)
    if (L3FWD_SRC.parent / "common").is_dir():
        shutil.copytree(L3FWD_SRC.parent / "common", tmp / "examples" / "common")
    main = (src / "main.c").read_text()
    main = _sub(main, ".offloads = RTE_ETH_RX_OFFLOAD_CHECKSUM,", ".offloads = 0,",
                "RX checksum offload")
    main = _sub(main, "(unsigned)8192)", "(unsigned)32768)", "mbuf pool")
    main = _sub(main, "#include <stdio.h>", "#include <stdio.h>\n#include <time.h>",
                "includes")
    launch = "\trte_eal_mp_remote_launch(l3fwd_lkp.main_loop, NULL, CALL_MAIN);\n"
    main = _sub(main, launch, L3FWD_REPORT_START + launch + L3FWD_REPORT_END, "report")
    (src / "main.c").write_text(main)
    lpm = (src / "l3fwd_lpm.c").read_text()
    lpm = re.sub(r"(#define IPV4_L3FWD_LPM_MAX_RULES\s+)\d+", r"\g<1>(1 << 20)", lpm)
    lpm = re.sub(r"(#define IPV4_L3FWD_LPM_NUMBER_TBL8S\s+)\(1 << 8\)", r"\g<1>(1 << 12)", lpm)
    if "(1 << 20)" not in lpm or "(1 << 12)" not in lpm:
        raise RuntimeError("cannot patch l3fwd: LPM table sizes not found")
    (src / "l3fwd_lpm.c").write_text(lpm)
    r = subprocess.run(["make", "-C", str(src), "-j2"], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"l3fwd build failed:\n{r.stderr[-2000:]}")
    return src / "build" / "l3fwd"


# ---------------------------------------------------------------------------------------------
# Runs


@dataclass
class Run:
    """One timed run: packets in (received) and out (sent), the loop's wall and CPU seconds,
    drops by reason, the TSC frequency measured during it (l3fwd only, else 0) and clickc's
    packets received and sent without a copy (``--stats`` pool ``wrapped``, ``detached``)."""
    packets_in: int
    packets_out: int
    elapsed_s: float
    cpu_s: float
    drops: dict[str, int] = field(default_factory=dict)
    tsc_hz: float = 0.0
    pool: dict[str, int] = field(default_factory=dict)

    @property
    def mpps(self) -> float:
        return self.packets_out / self.elapsed_s / 1e6 if self.elapsed_s > 0 else 0.0

    @property
    def cpu_ns_per_packet(self) -> float:
        return self.cpu_s * 1e9 / self.packets_out if self.packets_out else 0.0


def eal(pcap: Path) -> list[str]:
    """The EAL arguments every system runs with (a fresh file prefix each run)."""
    return ["--no-huge", "--no-pci", "-m", "1024", "--no-telemetry", "--log-level=error",
            f"--file-prefix=ckl3{uuid.uuid4().hex[:8]}", "-l", "1",
            f"--vdev=net_pcap0,rx_pcap={pcap},infinite_rx=1", "--vdev=net_null0"]


def timed(argv: list[str], seconds: float | None, out_file: Path) -> str:
    """Run ``argv`` pinned to CPU 1 with stdout to ``out_file`` and return its stdout.  With
    ``seconds``, wait until the program prints ``BENCH started`` (start-up done, however long
    the shared machine makes it), then ``seconds``, then SIGTERM it; without, the program
    stops itself (a Script).  Removes the run's DPDK runtime directory.  RuntimeError when
    it fails or does not start within 10 minutes."""
    prefix = next((a.split("=", 1)[1] for a in argv if a.startswith("--file-prefix=")), "")
    with out_file.open("w") as out:
        p = subprocess.Popen(["taskset", "-c", "1", *argv], stdout=out,
                             stderr=subprocess.PIPE, text=True)
        try:
            if seconds is not None:
                deadline = time.monotonic() + 600
                while ("BENCH started" not in out_file.read_text(errors="replace")
                       and p.poll() is None and time.monotonic() < deadline):
                    time.sleep(0.2)
                time.sleep(seconds)
                p.send_signal(signal.SIGTERM)
            _, err = p.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            p.kill()
            _, err = p.communicate()
        finally:
            if prefix:
                shutil.rmtree(Path("/var/run/dpdk") / prefix, ignore_errors=True)
    if p.returncode not in (0, -signal.SIGTERM):
        raise RuntimeError(f"{Path(argv[0]).name} exited {p.returncode}: {err.strip()[-600:]}")
    return out_file.read_text(errors="replace")


def run_l3fwd(prog: Path, pcap: Path, rules4: Path, rules6: Path, seconds: float,
              tmp: Path) -> Run:
    """One l3fwd run; its patched report gives loop time, TSC and per-port packets."""
    out = timed([str(prog), *eal(pcap), "--", "-p", "0x3", "--config=(0,0,1)",
                 "--parse-ptype", "--lookup=lpm", f"--rule_ipv4={rules4}",
                 f"--rule_ipv6={rules6}"], seconds, tmp / "l3fwd.out")
    m = re.search(r"BENCH elapsed_s=(\S+) cpu_s=(\S+) tsc=(\d+) tsc_hz=(\d+)", out)
    ports = {int(p.group(1)): {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)", p.group(2))}
             for p in re.finditer(r"BENCH port=(\d+) (.*)", out)}
    if not m or 0 not in ports or 1 not in ports:
        raise RuntimeError(f"l3fwd printed no report: {out[-600:]}")
    elapsed = float(m.group(1))
    drops = {"rx_missed": ports[0]["imissed"], "rx_nombuf": ports[0]["rx_nombuf"],
             "tx_errors": ports[1]["oerrors"],
             "lost in l3fwd": ports[0]["ipackets"] - ports[1]["opackets"]
             - ports[0]["opackets"]}
    if ports[0]["opackets"]:
        drops["sent back to port 0 (no route)"] = ports[0]["opackets"]
    return Run(ports[0]["ipackets"], ports[1]["opackets"], elapsed, float(m.group(2)), drops,
               int(m.group(3)) / elapsed if elapsed > 0 else 0.0)


CLICKC_HANDLERS = ("fd.count", "fd.hw_dropped", "td.count", "td.dropped", "nonip.count",
                   "badip.count", "expired.count")


def run_clickc(prog: Path, pcap: Path, tmp: Path) -> Run:
    """One run of a clickc router (which its Script stops): counts from ``-h``, loop time
    from ``--stats``."""
    stats = tmp / "stats.json"
    hs = [a for h in CLICKC_HANDLERS for a in ("-h", h)]
    out = timed([str(prog), *hs, f"--stats={stats}", "--dpdk", *eal(pcap), "--"], None,
                tmp / "clickc.out")
    vals = handler_values(out)
    st = json.loads(stats.read_text())
    thread = max(st["threads"], key=lambda t: float(t.get("elapsed_s", 0)))
    rt_drops = sum(int(e.get("drops", 0)) for e in st.get("elements", [])
                   if e.get("name") == "rt")
    drops = {"non-IP": int(vals["nonip.count"]), "bad IP header": int(vals["badip.count"]),
             "TTL expired": int(vals["expired.count"]), "no route": rt_drops,
             "rx device drops": int(vals["fd.hw_dropped"]),
             "tx dropped": int(vals["td.dropped"])}
    pool = {k: int(st.get("pool", {}).get(k, 0)) for k in ("wrapped", "detached")}
    return Run(int(vals["fd.count"]), int(vals["td.count"]), float(thread["elapsed_s"]),
               float(thread["cpu_s"]), drops, pool=pool)


#: Ends each clickc run: the Script's timer starts with the router, after initialization.
CLICKC_STOP = """
Script(TYPE ACTIVE, wait {seconds}s, stop);
"""

FASTCLICK_SCRIPT = """
Script(TYPE ACTIVE, wait 1s, set c0 $(td.count), set t0 $(now),
       wait {seconds}s, set c1 $(td.count), set t1 $(now),
       print "BENCH $(sub $c1 $c0) $(sub $t1 $t0)", stop);
"""


def run_fastclick(click: str, config: Path, pcap: Path, tmp: Path) -> Run:
    """One FastClick run: packets out and time from the Script the configuration ends with
    (a second of warm-up, then ``seconds``); no CPU time (taken equal to the wall time)."""
    out = timed([click, "--dpdk", *eal(pcap), "--", str(config)], None,
                tmp / "fastclick.out")
    m = re.search(r"BENCH (\d+) ([\d.]+)", out)
    if not m:
        raise RuntimeError(f"FastClick printed no report: {out[-600:]}")
    return Run(0, int(m.group(1)), float(m.group(2)), float(m.group(2)))


# ---------------------------------------------------------------------------------------------


def compile_clickc(config: Path, out: Path, cflags: list[str]) -> None:
    """clickc -O2 ``config`` into ``out`` with extra C flags; RuntimeError on failure."""
    r = subprocess.run([sys.executable, "-m", "clickc", "-O2", str(config), "-o", str(out),
                        *[f"--cflags={c}" for c in cflags]], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"clickc failed on {config}:\n{r.stderr[-2000:]}")


def cpu_mhz() -> float:
    """/proc/cpuinfo's first "cpu MHz" (0 when absent)."""
    m = re.search(r"cpu MHz\s*:\s*([\d.]+)", Path("/proc/cpuinfo").read_text())
    return float(m.group(1)) if m else 0.0


def summarize(runs: list[Run], tsc_hz: float) -> dict[str, Any]:
    """Medians over ``runs`` (Mpps, CPU ns/packet, cycles/packet) and the runs themselves."""
    ns = statistics.median(r.cpu_ns_per_packet for r in runs)
    return {"mpps": statistics.median(r.mpps for r in runs), "cpu_ns_per_packet": ns,
            "cycles_per_packet": ns * tsc_hz / 1e9,
            "mpps_runs": [round(r.mpps, 3) for r in runs],
            "runs": [asdict(r) for r in runs]}


def add_workload_args(ap: argparse.ArgumentParser, packets: int) -> None:
    """The workload options shared with bench/bench_fullrouter.py: --packets, --zipf, --seed,
    --routes, --route-limit."""
    ap.add_argument("--packets", type=int, default=packets, help="packets per capture")
    ap.add_argument("--zipf", type=float, default=1.0, help="Zipf exponent of the 2nd mix")
    ap.add_argument("--seed", type=int, default=20)
    ap.add_argument("--routes", type=Path, default=ROUTES)
    ap.add_argument("--route-limit", type=int, default=0,
                    help="use only the first N prefixes (0: all)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[1])
    ap.add_argument("--seconds", type=float, default=5.0, help="forwarding time per run")
    ap.add_argument("--runs", type=int, default=5, help="alternating rounds (medians)")
    add_workload_args(ap, packets=12000)
    ap.add_argument("--quick", action="store_true",
                    help="smoke run: 16384 prefixes, 1 round of 1 s")
    ap.add_argument("--json", help="also write the results as JSON")
    ap.add_argument("--breakdown", type=float, default=0.0, metavar="SECONDS",
                    help="also run clickc for SECONDS under callgrind on the uniform mix and "
                         "print its instructions per packet by element (bench/breakdown.py)")
    a = ap.parse_args(argv)
    if a.quick:
        a.runs, a.seconds, a.route_limit = 1, 1.0, a.route_limit or 16384
    routes = load_routes(a.routes, a.route_limit)
    mixes = {"uniform": None, f"zipf s={a.zipf:g}": a.zipf}
    systems = ["l3fwd", "clickc", "clickc copy"]
    fastclick = os.environ.get("FASTCLICK")
    if fastclick:
        systems.append("FastClick")
    print(f"{len(routes)} prefixes from {a.routes.name}; {a.packets} packets of 64 bytes per "
          f"capture; {a.runs} rounds of {a.seconds:g} s; machine shared with other jobs "
          f"(2 CPUs, other builds running): read figures as relative", flush=True)
    result: dict[str, Any] = {"routes": len(routes), "packets": a.packets, "seed": a.seed,
                              "seconds": a.seconds, "rounds": a.runs, "zipf": a.zipf,
                              "shared_machine": True, "mixes": {}}
    with scratch_dir("bench-l3fwd-") as tmp:
        rules4 = tmp / "rules4.cfg"
        rules4.write_text("".join(f"R{ip_str(n)}/{p} 1\n" for n, p in routes))
        rules6 = tmp / "rules6.cfg"
        rules6.write_text("R2001:db8::/32 1\n")
        pcaps = {}
        for i, (mix, s) in enumerate(mixes.items()):
            pcaps[mix] = tmp / f"traffic{i}.pcap"
            write_pcap(pcaps[mix], destinations(routes, a.packets, s, a.seed + i))
        cfg = tmp / "l3fwd.click"
        text = re.sub(r"(?m)^define\(\$ROUTES .*\n", "", CONFIG.read_text()).replace(
            "($ROUTES)", "(" + ", ".join(f"{ip_str(n)}/{p} 0" for n, p in routes) + ")")
        cfg.write_text(text + CLICKC_STOP.format(seconds=a.seconds))
        progs: dict[str, Path] = {}
        errors: dict[str, str] = {}
        try:
            progs["l3fwd"] = build_l3fwd(tmp)
        except RuntimeError as e:
            errors["l3fwd"] = str(e)
        for name, flags in (("clickc", []), ("clickc copy", ["-DCK_DPDK_COPY"])):
            progs[name] = tmp / name.replace(" ", "_")
            compile_clickc(cfg, progs[name], flags)
        fc_cfg = tmp / "l3fwd-fastclick.click"
        if fastclick:
            fc_cfg.write_text(text + FASTCLICK_SCRIPT.format(seconds=a.seconds))
        runs: dict[str, dict[str, list[Run]]] = {m: {s: [] for s in systems} for m in mixes}
        for rnd in range(a.runs):
            for mix in mixes:
                for sysname in systems:
                    if sysname in errors:
                        continue
                    try:
                        if sysname == "l3fwd":
                            r = run_l3fwd(progs["l3fwd"], pcaps[mix], rules4, rules6,
                                          a.seconds, tmp)
                        elif sysname == "FastClick":
                            assert fastclick
                            r = run_fastclick(fastclick, fc_cfg, pcaps[mix], tmp)
                        else:
                            r = run_clickc(progs[sysname], pcaps[mix], tmp)
                    except (RuntimeError, KeyError, ValueError, OSError) as e:
                        errors[sysname] = str(e)
                        print(f"{sysname}: failed: {e}", flush=True)
                        continue
                    runs[mix][sysname].append(r)
                    print(f"round {rnd + 1} {mix:>10} {sysname:>12}: {r.mpps:6.2f} Mpps, "
                          f"{r.cpu_ns_per_packet:5.1f} CPU ns/packet, in {r.packets_in}, "
                          f"out {r.packets_out}, drops {r.drops}"
                          + (f", zero-copy {r.pool}" if r.pool else ""), flush=True)
        breakdown_rows = (clickc_breakdown(text, pcaps["uniform"], a.breakdown, tmp)
                          if a.breakdown > 0 else None)
    tscs = [r.tsc_hz for m in runs.values() for r in m.get("l3fwd", []) if r.tsc_hz]
    tsc_hz = statistics.median(tscs) if tscs else cpu_mhz() * 1e6
    tsc_src = ("TSC cycles over CLOCK_MONOTONIC in l3fwd's runs" if tscs
               else "/proc/cpuinfo cpu MHz")
    result["tsc_hz"] = tsc_hz
    result["tsc_source"] = tsc_src
    result["errors"] = errors
    print(f"\nTSC {tsc_hz / 1e9:.3f} GHz ({tsc_src}); medians of {a.runs} alternating runs; "
          f"ns/packet and cycles/packet from loop CPU time; shared machine")
    print("| traffic | system | Mpps | ns/packet | cycles/packet | x l3fwd (CPU time) |")
    print("|---|---|---|---|---|---|")
    for mix, per in runs.items():
        result["mixes"][mix] = {}
        base = None
        for sysname, rs in per.items():
            if not rs:
                continue
            s = summarize(rs, tsc_hz)
            result["mixes"][mix][sysname] = s
            if sysname == "l3fwd":
                base = s["cpu_ns_per_packet"]
            ratio = (f"{base / s['cpu_ns_per_packet']:.2f}"
                     if base and s["cpu_ns_per_packet"] else "")
            print(f"| {mix} | {sysname} | {s['mpps']:.2f} | {s['cpu_ns_per_packet']:.1f} | "
                  f"{s['cycles_per_packet']:.0f} | {ratio} |")
        zc, cp = per.get("clickc"), per.get("clickc copy")
        if zc and cp:
            ratio_zc = (statistics.median(r.cpu_ns_per_packet for r in cp)
                        / statistics.median(r.cpu_ns_per_packet for r in zc))
            result["mixes"][mix]["copy_over_zero_copy_ns"] = ratio_zc
            print(f"| {mix} | copy / zero-copy ns/packet | {ratio_zc:.2f} | | | |")
    for sysname, msg in errors.items():
        print(f"{sysname}: not measured: {msg.strip().splitlines()[-1][:300]}")
    if breakdown_rows is not None:
        result["breakdown"] = breakdown_rows
    save_json(a.json, result)
    return 0


def clickc_breakdown(text: str, pcap: Path, seconds: float, tmp: Path) -> dict[str, Any]:
    """clickc's instructions per packet by element on ``pcap`` (bench/breakdown.py): the
    configuration ``text`` built with DWARF 4 debug information, stopped by its Script after
    ``seconds`` under callgrind (about 50 times slower than native)."""
    cfg = tmp / "l3fwd-breakdown.click"
    cfg.write_text(text + CLICKC_STOP.format(seconds=seconds))
    prog = tmp / "clickc_breakdown"
    compile_clickc(cfg, prog, ["-gdwarf-4"])
    packets, rows = breakdown([str(prog), "--dpdk", *eal(pcap), "--"], "fd.count")
    print()
    print_breakdown(packets, rows)
    return {"packets": packets, "instructions_per_packet": dict(rows)}


if __name__ == "__main__":
    sys.exit(main())
