#!/usr/bin/env python3
"""Measured cycles per packet of each element class: the data behind the ``cost=`` priors of
the element specs (docs/passes.md, "Measured priors").  Not a test.

    python3 bench/calibrate_costs.py [-n RUNS] [--packets N] [--fulltable-packets N]
                                     [--only NAME ...] [--min-sampled K] [--keep DIR]
                                     [--json FILE]

Method: every workload (:data:`WORKLOADS`: the example routers of examples/ and
bench/configs/forward.click, each on real captures of ../shared/pcaps, and issue 23's
full-table router of bench/bench_fulltable.py on its generated traffic) is compiled once with
``clickc -O2 -j 1 --profile-generate`` (docs/profiles.md) and run ``-n`` times (default 3),
each run writing its own profile and ``--stats``, after one run that is not counted (the
first read of a capture just written measures the disk: FromDump at 20,000-35,000
cycles/packet).  A capture is repeated (timestamps shifted, packets unchanged) until it holds
at least ``--packets`` packets (default 400,000), so that the profile's one-call-in-256
sampling measures thousands of packets per element and the start-up weighs nothing.  The
captures and every output file are in memory (``--tmpfs``, default /dev/shm): a ToDump
write that waits for the disk would be milliseconds in one sampled call.

An element's figure in a run is the profile's exclusive cycles over its sampled packets
(``cycles / sampled_packets``: what the passes use with ``--profile-use``) times the run's
*CPU share*: the thread's CPU time (``--stats``) over the counter's time in its task calls
(the profile's task cycles).  The counter (``rdtsc``; its rate, the profile's
``cycles_per_ns``, is printed) counts wall-clock cycles, so on a loaded machine a measured
call that loses its CPU to another process (or the VM its host's) counts that time too: at a
load of 6-9 on 2 vCPUs the router's thread runs about a third of the wall time and the
counter's figures are 2-4x the CPU's.  The share also removes the counter reads of the
measured calls (about two per element, docs/profiles.md "What it costs"), which the
unmeasured calls do not pay.  The counter's own figure is printed beside it.  Elements with
fewer than ``--min-sampled`` sampled packets (default 200) in a run are left out of that run.
An instance's figure is the median over runs; a class's is the median over its instances
(every element of that class in every workload and capture), with the spread (smallest and
largest instance) beside it.  The 1-minute load average is printed before and after.

Printed: one row per class (class, instances, packets the instances handled over all runs,
median cycles/packet, spread min..max of the instances, the counter's median, the
current prior ``ElementSpec.cost``
and the ratio), then the workloads with their packets.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchlib import SHARED, save_json  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PCAPS = SHARED / "pcaps"


@dataclass
class Workload:
    """A configuration, its parameters, and the captures it is run on (``IN=``; none for a
    configuration that generates its packets)."""
    name: str
    config: Path
    params: list[str] = field(default_factory=list)
    captures: list[str] = field(default_factory=list)


#: Real host traffic (TCP/UDP/ICMP/ARP, IP options) and a capture of UDP with IP fragments.
CAPTURES = ["ndpi-gnutella.pcap", "tcpdump-afs.pcap"]

WORKLOADS = [
    Workload("iprouter", ROOT / "examples" / "iprouter.click", [], CAPTURES),
    Workload("iprouter4", ROOT / "examples" / "iprouter4.click", [], CAPTURES),
    Workload("routerbench", ROOT / "examples" / "routerbench.click", [], CAPTURES),
    Workload("forward", ROOT / "examples" / "forward.click", [], CAPTURES),
    Workload("mirror", ROOT / "examples" / "mirror.click", [], CAPTURES),
    Workload("vpn", ROOT / "examples" / "vpn.click", [], ["ndpi-gnutella.pcap"]),
    Workload("dualpath", ROOT / "examples" / "dualpath.click", [], ["ndpi-gnutella.pcap"]),
    Workload("bench-forward", ROOT / "bench" / "configs" / "forward.click", ["N=400000"], []),
]


def repeat_pcap(src: Path, dst: Path, at_least: int) -> int:
    """Write ``src``'s records to ``dst`` over and over until ``at_least`` packets, each
    repetition's timestamps shifted past the previous one's; packets written."""
    data = src.read_bytes()
    magic = data[:4]
    if magic in (b"\xd4\xc3\xb2\xa1", b"\x4d\x3c\xb2\xa1"):
        end = "<"
    elif magic in (b"\xa1\xb2\xc3\xd4", b"\xa1\xb2\x3c\x4d"):
        end = ">"
    else:
        raise SystemExit(f"{src}: not a pcap file")
    recs: list[tuple[int, bytes]] = []
    off = 24
    while off + 16 <= len(data):
        sec, = struct.unpack_from(end + "I", data, off)
        incl, = struct.unpack_from(end + "I", data, off + 8)
        recs.append((sec, data[off + 4:off + 16 + incl]))
        off += 16 + incl
    if not recs:
        raise SystemExit(f"{src}: no packets")
    span = max(s for s, _ in recs) - min(s for s, _ in recs) + 1
    n = 0
    rep = 0
    with dst.open("wb") as f:
        f.write(data[:24])
        while n < at_least:
            for sec, rest in recs:
                f.write(struct.pack(end + "I", sec + rep * span) + rest)
                n += 1
            rep += 1
    return n


def clickc(*argv: str) -> None:
    r = subprocess.run([sys.executable, "-m", "clickc", *argv], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"clickc {' '.join(argv[:8])} ... failed:\n{r.stderr[-3000:]}")


def run_profiled(prog: Path, params: list[str], prof: Path, cwd: Path) -> dict[str, Any]:
    """One run of an instrumented program: its profile, with ``"cpu_s"`` added (the CPU
    time of its threads, from ``--stats``)."""
    prof.unlink(missing_ok=True)
    stats = prof.with_suffix(".stats.json")
    env = dict(os.environ, CLICKC_PROFILE_FILE=str(prof))
    r = subprocess.run([str(prog), f"--stats={stats}", *params], capture_output=True,
                       text=True, cwd=cwd, env=env)
    if r.returncode != 0:
        raise SystemExit(f"{prog} {' '.join(params)} failed: {r.stderr[-2000:]}")
    data: dict[str, Any] = json.loads(prof.read_text())
    st = json.loads(stats.read_text())
    data["cpu_s"] = sum(float(t["cpu_s"]) for t in st["threads"])
    return data


def cpu_share(prof: dict[str, Any]) -> float:
    """The run's CPU time over the counter's time in its tasks (the tasks' cycles, which the
    profile estimates for all calls from the sampled ones): the share of the counter's
    cycles the thread actually ran.  Below 1 by what the machine's load (and the
    hypervisor) took from the thread inside its task calls, and by the counter reads of the
    measured calls; 1 at most."""
    clock = float(prof["cycles_per_ns"])
    task_s = sum(float(t["cycles"]) for t in prof["tasks"].values()) / clock / 1e9
    return min(1.0, float(prof["cpu_s"]) / task_s) if task_s > 0 else 1.0


def fulltable_workload(tmp: Path, mem: Path, packets: int) -> tuple[Path, str]:
    """bench/bench_fulltable.py's configuration and a capture of its traffic."""
    from bench_fulltable import TABLE, config_text
    from bench_l3fwd import destinations, load_routes, write_pcap
    if not TABLE.is_file():
        raise SystemExit(f"{TABLE} not found (--fulltable-packets 0 leaves it out)")
    cfg = tmp / "fulltable.click"
    if not cfg.is_file():
        cfg.write_text(config_text(TABLE))
    pcap = mem / f"fulltable-{packets}.pcap"
    if not pcap.is_file():
        write_pcap(pcap, destinations(load_routes(TABLE), packets, None, 23))
    return cfg, str(pcap)


@dataclass
class Sample:
    workload: str
    element: str
    cls: str
    per_run: list[float] = field(default_factory=list)
    per_run_cpu: list[float] = field(default_factory=list)
    packets: int = 0
    sampled: int = 0


def collect(samples: dict[tuple[str, str], Sample], workload: str, prof: dict[str, Any],
            min_sampled: int) -> None:
    share = cpu_share(prof)
    for name, e in prof["elements"].items():
        key = (workload, name)
        s = samples.setdefault(key, Sample(workload, name, e["class"]))
        s.packets += sum(e["in_packets"]) if e["in_packets"] else sum(e["out_packets"])
        sp = int(e["sampled_packets"])
        s.sampled += sp
        if sp >= min_sampled:
            s.per_run.append(float(e["cycles"]) / sp)
            s.per_run_cpu.append(share * float(e["cycles"]) / sp)


def prior(cls: str) -> float | None:
    from clickc.elements import registry
    spec = registry.get(cls)
    return None if spec is None else float(spec.cost)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("-n", "--runs", type=int, default=3, help="runs per workload and capture")
    ap.add_argument("--packets", type=int, default=400_000,
                    help="repeat each capture to at least this many packets")
    ap.add_argument("--fulltable-packets", type=int, default=500_000,
                    help="packets of the full-table router's run (0: leave it out)")
    ap.add_argument("--only", nargs="*", default=None, metavar="NAME",
                    help="only these workloads (names as printed; 'fulltable')")
    ap.add_argument("--min-sampled", type=int, default=200,
                    help="sampled packets an element needs in a run to count")
    ap.add_argument("--keep", metavar="DIR", default=None,
                    help="keep the builds there, and reuse them when they exist")
    ap.add_argument("--json", metavar="FILE", default=None)
    ap.add_argument("--tmpfs", metavar="DIR", default="/dev/shm",
                    help="a memory file system for the captures and the outputs")
    a = ap.parse_args(argv)
    tmp = Path(a.keep) if a.keep else Path(tempfile.mkdtemp(prefix="calibrate-costs-"))
    tmp.mkdir(parents=True, exist_ok=True)
    # captures and the routers' output files in memory (tmpfs): a write that waits for the
    # disk (dirty-page throttling) would be a ToDump call of milliseconds, which the
    # sampling multiplies by 256 into the task's cycles
    mem = Path(tempfile.mkdtemp(prefix="calibrate-costs-", dir=a.tmpfs))
    try:
        return measure(a, tmp, mem)
    finally:
        shutil.rmtree(mem, ignore_errors=True)


def measure(a: argparse.Namespace, tmp: Path, mem: Path) -> int:
    work = list(WORKLOADS)
    if a.fulltable_packets > 0:
        work.append(Workload("fulltable", Path(), [], []))
    if a.only is not None:
        work = [w for w in work if w.name in a.only]
    load_before = os.getloadavg()[0]
    t_start = time.time()
    samples: dict[tuple[str, str], Sample] = {}
    clocks: list[float] = []
    shares: list[float] = []
    done: list[tuple[str, str, int]] = []
    for w in work:
        inputs: list[tuple[str, list[str], int]] = []
        if w.name == "fulltable":
            cfg, pcap = fulltable_workload(tmp, mem, a.fulltable_packets)
            inputs.append(("generated", [f"IN={pcap}"], a.fulltable_packets))
        else:
            cfg = w.config
            for cap in w.captures:
                big = mem / f"{Path(cap).stem}-x{a.packets}.pcap"
                if not big.is_file():
                    n = repeat_pcap(PCAPS / cap, big, a.packets)
                else:
                    n = a.packets
                inputs.append((cap, [f"IN={big}"], n))
            if not w.captures:
                inputs.append(("generated", [], 0))
        prog = tmp / f"{w.name}-prof"
        print(f"[{w.name}] building {cfg.name} (-O2 -j 1 --profile-generate)", flush=True)
        if not (a.keep and prog.is_file()):
            clickc("-O2", "-j", "1", f"--profile-generate={tmp / 'unused.prof'}", str(cfg),
                   *w.params, *(inputs[0][1] if inputs else []), "-o", str(prog))
        rundir = mem / f"{w.name}-out"
        rundir.mkdir(exist_ok=True)
        for cap, params, n in inputs:
            label = f"{w.name}/{cap}"
            # a first run, not counted: a capture just written (or evicted) is read from
            # disk by its first run, whose FromDump then measures the I/O (20,000+ cycles)
            run_profiled(prog, [*w.params, *params], mem / f"{w.name}.prof", rundir)
            for _ in range(a.runs):
                prof = run_profiled(prog, [*w.params, *params], mem / f"{w.name}.prof",
                                    rundir)
                clocks.append(float(prof["cycles_per_ns"]))
                shares.append(cpu_share(prof))
                collect(samples, label, prof, a.min_sampled)
            print(f"[{w.name}] {cap}: {a.runs} runs, load {os.getloadavg()[0]:.2f}", flush=True)
            done.append((w.name, cap, n))
    load_after = os.getloadavg()[0]

    # instance figure: median over runs; class figure: median over instances
    by_class: dict[str, list[Sample]] = {}
    for s in samples.values():
        if s.per_run:
            by_class.setdefault(s.cls, []).append(s)
    rows: list[dict[str, Any]] = []
    for cls, inst in by_class.items():
        meds = [statistics.median(s.per_run_cpu) for s in inst]
        raw = [statistics.median(s.per_run) for s in inst]
        p = prior(cls)
        med = statistics.median(meds)
        rows.append({"class": cls, "instances": len(inst),
                     "packets": sum(s.packets for s in inst),
                     "sampled": sum(s.sampled for s in inst),
                     "median": med, "min": min(meds), "max": max(meds),
                     "median_counter": statistics.median(raw), "prior": p,
                     "ratio": med / p if p else None,
                     "instances_detail": {
                         f"{s.workload}:{s.element}": [statistics.median(s.per_run_cpu),
                                                       statistics.median(s.per_run)]
                         for s in inst}})
    rows.sort(key=lambda r: r["class"])
    clock = statistics.median(clocks) if clocks else 0.0
    print()
    print(f"clock: rdtsc at {clock:.3f} cycles/ns (profile's cycles_per_ns, median of "
          f"{len(clocks)} runs); load {load_before:.2f} before, {load_after:.2f} after; "
          f"{a.runs} runs each; {time.time() - t_start:.0f} s")
    print(f"CPU share of the counter's cycles in the tasks: median {statistics.median(shares):.2f}"
          f" (min {min(shares):.2f}, max {max(shares):.2f}); cycles/pkt = counter cycles x share"
          if shares else "no runs")
    print(f"{'class':20s} {'inst':>4s} {'packets':>10s} {'cycles/pkt':>10s} "
          f"{'spread (min..max)':>17s} {'counter':>8s} {'prior':>6s} {'x prior':>7s}")
    for r in rows:
        pr = "-" if r["prior"] is None else f"{r['prior']:.0f}"
        ratio = "-" if r["ratio"] is None else f"{r['ratio']:.2f}"
        print(f"{r['class']:20s} {r['instances']:4d} {r['packets']:10d} {r['median']:10.1f} "
              f"{r['min']:8.1f}..{r['max']:<7.1f} {r['median_counter']:8.1f} {pr:>6s} "
              f"{ratio:>7s}")
    print()
    for name, cap, n in done:
        print(f"workload {name:14s} {cap:22s} {n} packets a run" if n else
              f"workload {name:14s} {cap:22s} (its own source)")
    save_json(a.json, {"clock_cycles_per_ns": clock, "load_before": load_before,
                       "load_after": load_after, "runs": a.runs, "packets": a.packets,
                       "fulltable_packets": a.fulltable_packets,
                       "cpu_shares": shares,
                       "workloads": [list(d) for d in done], "classes": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
