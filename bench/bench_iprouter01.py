#!/usr/bin/env python3
"""Benchmark of issue 5: Click's iprouter-01 IP router, clickc -O2 against Click's driver.

    python3 bench/bench_iprouter01.py [--click-src DIR] [--click PROGRAM] [-n RUNS]
                                      [--limit PACKETS] [--check-limit PACKETS] [--cpu N]
                                      [-O LEVEL] [--json FILE] [--callgrind] [--perf]

The configuration is the ``%file IPR`` section of Click's
``test/userlevel/iprouter-01.clicktest``, read at run time from the Click source tree given by
``--click-src`` (it is not part of this repository).  Its workload: one InfiniteSource emits the
same 64-byte Ethernet/IPv4/UDP frame (``BURST 5``, ``STOP true``) into Classifier ``c1``; the
frame goes Paint -> Strip(14) -> CheckIPHeader -> StaticIPLookup -> DropBroadcasts -> PaintTee
-> IPGWOptions -> FixIPSrc -> DecIPTTL -> IPFragmenter -> EtherEncap -> Queue(200) ``out0``,
which a Discard pulls through Counter ``counter0``; a full queue drops.  The DriverManager at the
end prints ``counter0.count + out0.drops + out0.length``, every packet the source emitted.

Rewrites of the configuration (the only ones; both drivers run the rewritten text):

1. ``LIMIT 600000`` becomes ``LIMIT <--limit>`` (default 20,000,000).  The script fails if the
   section does not contain exactly one ``LIMIT <integer>``.
2. Nothing else.  The clicktest pipes the text through ``click-align`` and runs
   ``click --simtime``; here Click reads the configuration directly (x86-64 allows unaligned
   loads, so click-align's Align elements would only add work Click does not need on this
   machine) and runs on real time, as the compiled router does (it has no ``--simtime``).

Both programs are started the same way, pinned to one core (``taskset -c --cpu``), with the same
``-h`` handler reads at the end, so packets are counted the same way for both:

* packets = the router's own counters read with ``-h``: ``counter0.count + out0.drops +
  out0.length``; the run fails unless this equals the LIMIT (and the DriverManager's printed
  sum), and unless the three values are the same in every run of both programs;
* wall time = process start to exit (``time.perf_counter`` around the child), and CPU time =
  the child's user + system time from ``wait4``'s rusage.  Both include start-up
  (configuration parsing for Click, table set-up for the compiled router), which is small next
  to 20 million packets.  On a shared, loaded machine the wall clock counts time the router
  was waiting for the CPU, so the CPU-time figure is the one to compare.

Runs alternate (Click, clickc, Click, clickc, ...), N of each; the report gives the median Mpps
and ns/packet of each and the ratio (Click's ns/packet over clickc's).  Before timing, both run
the unchanged LIMIT (``--check-limit``, default 600000) and every handler in ``CHECK_HANDLERS``
must print the same values for both; the benchmark stops otherwise.

``--callgrind`` then profiles the compiled router (built again with ``-g``, same code) with
``valgrind --tool=callgrind`` at two LIMITs and reports instructions per packet by source file
of the inlined code, i.e. per element class template (``elements/**.c``) and runtime file,
taking the difference of the two runs so start-up and tear-down cancel.  Click's total
instructions per packet are measured the same way for comparison, with its per-element split by
C++ class (the function name's ``Class::`` prefix).  ``--perf`` records both programs with
``perf record -e cpu-clock`` (the router built with ``-g``) and reports the share of samples
by symbol, i.e. where the time goes, which instruction counts miss (a ``clock_gettime`` is a
dozen instructions but tens of nanoseconds on a virtual machine).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from benchlib import oracle_click, oracle_src

CLICKTEST = "test/userlevel/iprouter-01.clicktest"
COUNT_HANDLERS = ("counter0.count", "out0.drops", "out0.length")
CHECK_HANDLERS = COUNT_HANDLERS + (
    "counter0.byte_count", "out0.highwater_length", "out1.drops", "out1.length",
    "out1.highwater_length", "tol.count",
)


@dataclass
class Run:
    """One timed run of one program."""

    driver: str
    packets: int
    wall_s: float
    cpu_s: float

    @property
    def wall_ns(self) -> float:
        return self.wall_s * 1e9 / self.packets

    @property
    def cpu_ns(self) -> float:
        return self.cpu_s * 1e9 / self.packets

    @property
    def wall_mpps(self) -> float:
        return self.packets / self.wall_s / 1e6

    @property
    def cpu_mpps(self) -> float:
        return self.packets / self.cpu_s / 1e6


def extract_config(click_src: Path) -> str:
    """The ``%file IPR`` section of Click's iprouter-01.clicktest.

    Raises SystemExit when the file or the section is missing."""
    path = click_src / CLICKTEST
    if not path.is_file():
        raise SystemExit(f"{path}: not found (give Click's source tree with --click-src)")
    m = re.search(r"^%file IPR\n(.*?)(?=^%)", path.read_text(), re.S | re.M)
    if not m:
        raise SystemExit(f"{path}: no '%file IPR' section")
    return m.group(1)


def set_limit(config: str, limit: int) -> str:
    """Rewrite 1: the InfiniteSource's ``LIMIT n`` becomes ``LIMIT limit``.

    Raises SystemExit unless the text has exactly one ``LIMIT <integer>``."""
    new, n = re.subn(r"\bLIMIT\s+\d+\b", f"LIMIT {limit}", config)
    if n != 1:
        raise SystemExit(f"expected one 'LIMIT <integer>' in the configuration, found {n}")
    return new


def parse_handlers(out: str) -> dict[str, str]:
    """``NAME.HANDLER:\\nVALUE\\n\\n`` blocks of ``-h`` output (Click's format) as a dict."""
    vals: dict[str, str] = {}
    for m in re.finditer(r"^(\S+\.\S+):\n(.*?)\n\n?", out, re.M):
        vals[m.group(1)] = m.group(2)
    return vals


def command(driver: str, click: Path, router: Path, config: Path, cpu: int | None,
            handlers: tuple[str, ...]) -> list[str]:
    """Command line of one run: ``[taskset -c CPU] click CONFIG -h ...`` or ``router -h ...``
    (``router`` is the program of the driver: ``clickc`` or ``clickc-batchN``)."""
    hs = [a for h in handlers for a in ("-h", h)]
    prog = [str(click), str(config)] if driver == "click" else [str(router)]
    pin = ["taskset", "-c", str(cpu)] if cpu is not None else []
    return pin + prog + hs


def run(cmd: list[str]) -> tuple[str, float, float]:
    """Run CMD; return (stdout, wall seconds, user+system CPU seconds of the child)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out, stderr=err)
        _, status, ru = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        text = out.read().decode()
        if proc.returncode != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}):\n"
                             f"{err.read().decode()}")
    return text, wall, ru.ru_utime + ru.ru_stime


def counted(out: str, limit: int, what: str) -> int:
    """Packets counted by the router's handlers; fails unless they equal LIMIT."""
    vals = parse_handlers(out)
    packets = sum(int(vals[h]) for h in COUNT_HANDLERS)
    printed = out.split("\n", 1)[0].strip()
    if packets != limit or printed != str(limit):
        raise SystemExit(f"{what}: counted {packets} packets, printed {printed!r}, "
                         f"expected {limit}")
    return packets


def compile_router(config: Path, out: Path, opt: int, extra_cflags: str | None,
                   batch: int = 0) -> None:
    cmd = [sys.executable, "-m", "clickc", f"-O{opt}", str(config), "-o", str(out)]
    if batch:
        cmd.append(f"--batch={batch}")
    if extra_cflags:
        cmd.append(f"--cflags={extra_cflags}")
    subprocess.run(cmd, check=True)


def check_same(click: Path, router: Path, config: Path, cpu: int | None, limit: int) -> dict[
        str, str]:
    """Run both at LIMIT with every CHECK_HANDLERS read; fail unless the outputs agree."""
    outs = {}
    for d in ("click", "clickc"):
        outs[d], _, _ = run(command(d, click, router, config, cpu, CHECK_HANDLERS))
        counted(outs[d], limit, f"check run of {d}")
    if outs["click"] != outs["clickc"]:
        raise SystemExit("handler values differ:\n--- click\n" + outs["click"]
                         + "--- clickc\n" + outs["clickc"])
    return parse_handlers(outs["click"])


# --- callgrind ------------------------------------------------------------------------------

@dataclass
class Callgrind:
    """Instruction counts (Ir) of one callgrind run."""

    by_file: dict[str, int]            # self cost by source file of the (inlined) code
    by_fn: dict[str, int]              # self cost by function symbol
    calls: dict[tuple[str, str], int]  # inclusive cost of calls, by (caller, callee)


def callgrind_costs(path: Path) -> Callgrind:
    """Instruction counts (Ir) of one callgrind.out file.

    The file is read as the callgrind format describes it (valgrind's docs, "Callgrind Format
    Specification"): ``fl=`` sets the function's file, ``fi=``/``fe=`` the file of inlined code
    that follows, ``fn=`` a new function (back to its ``fl``), ``cfn=`` the callee of the next
    ``calls=`` line, whose following cost line is that call's inclusive cost (kept apart from
    the self costs).  Names may be compressed as ``(id) name`` on first use and ``(id)``
    afterwards."""
    names: dict[str, dict[str, str]] = defaultdict(dict)

    def name(kind: str, val: str) -> str:
        m = re.match(r"\((\d+)\)(?:\s+(.*))?$", val)
        if not m:
            return val
        if m.group(2) is not None:
            names[kind][m.group(1)] = m.group(2)
        return names[kind].get(m.group(1), val)

    by_file: dict[str, int] = defaultdict(int)
    by_fn: dict[str, int] = defaultdict(int)
    calls: dict[tuple[str, str], int] = defaultdict(int)
    fl = cur = fn = cfn = "?"
    in_call = False
    for line in path.read_text(errors="replace").splitlines():
        if not line:
            continue
        c = line[0]
        if c.isdigit() or c in "+-*":
            parts = line.split()
            if len(parts) >= 2:
                ir = int(parts[1])
                if in_call:
                    calls[(fn, cfn)] += ir
                else:
                    by_file[cur] += ir
                    by_fn[fn] += ir
            in_call = False
            continue
        key, _, val = line.partition("=")
        if key == "fl":
            fl = cur = name("file", val)
        elif key in ("fi", "fe"):
            cur = name("file", val)
        elif key == "fn":
            fn = name("fn", val)
            cur = fl
        elif key in ("cfi", "cfl"):
            name("file", val)
        elif key == "cfn":
            cfn = name("fn", val)
        elif key == "calls":
            in_call = True
    return Callgrind(dict(by_file), dict(by_fn), dict(calls))


def callgrind_run(cmd: list[str], outfile: Path) -> Callgrind:
    subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={outfile}", *cmd],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return callgrind_costs(outfile)


def per_packet(a: dict[str, int], b: dict[str, int], dn: int) -> dict[str, float]:
    """(b - a) / dn for every key, largest first, dropping keys below 0.05 per packet."""
    diff = {k: (b.get(k, 0) - a.get(k, 0)) / dn for k in set(a) | set(b)}
    return dict(sorted(((k, v) for k, v in diff.items() if abs(v) >= 0.05),
                       key=lambda kv: -kv[1]))


def short_file(f: str) -> str:
    for marker in ("/elements/", "/runtime/", "/clicksrc/"):
        if marker in f:
            return f[f.index(marker) + 1:]
    return os.path.basename(f)


def click_class(fn: str) -> str:
    """Click's C++ class of a function name (``CheckIPHeader::simple_action(...)`` ->
    ``CheckIPHeader``); other functions keep their name up to the argument list."""
    base = fn.split("(", 1)[0]
    return base.rsplit("::", 1)[0] if "::" in base else base


ELEMENT_FN = re.compile(r"e(\d+)_")


def element_names(c_text: str) -> list[str]:
    """``name :: Class`` of e0, e1, ... from the generated C's instance block headers."""
    return re.findall(r"^/\* ==== (\S+ :: [A-Za-z0-9_@/]+)", c_text, re.M)


def by_element(cg: Callgrind, names: list[str]) -> dict[str, int]:
    """Instructions by element instance in a build without inlining.

    An element's cost is the self cost of its functions (``eN_push``, ``eN__output``, ...)
    plus the inclusive cost of its calls to functions that are not element functions (packet
    and checksum helpers, malloc); calls from one element to the next are not included, so
    the costs add up.  Everything else (the task loop, start-up) is ``(runtime)``."""
    out: dict[str, int] = defaultdict(int)

    def label(fn: str) -> str | None:
        m = ELEMENT_FN.match(fn)
        if not m:
            return None
        i = int(m.group(1))
        return names[i] if i < len(names) else fn

    for fn, ir in cg.by_fn.items():
        out[label(fn) or "(runtime)"] += ir
    for (caller, callee), ir in cg.calls.items():
        lc = label(caller)
        if lc is not None and label(callee) is None:
            out[lc] += ir
            out["(runtime)"] -= ir
    return dict(out)


def profile(src: str, click: Path, tmp: Path, opt: int, limits: tuple[int, int],
            ) -> dict[str, Any]:
    """Instructions per packet of the clickc router and of Click under callgrind.

    clickc: the -O2 program built again with -g (DWARF 4: valgrind 3.19 does not read clang's
    DWARF 5), by source file of the inlined code and by function symbol; and a build with
    ``-fno-inline`` added, by element instance (see ``by_element``), whose total is larger
    than the inlined program's and is reported for the split only.  Click: by C++ class.
    Each figure is (cost at the larger LIMIT - cost at the smaller) / (difference of LIMITs),
    so start-up and tear-down cancel."""
    if not shutil.which("valgrind"):
        raise SystemExit("valgrind not found (apt-get install valgrind)")
    lo, hi = limits
    dn = hi - lo
    result: dict[str, Any] = {"limits": list(limits)}
    confs = {}
    for n in limits:
        confs[n] = tmp / f"ipr-{n}.click"
        confs[n].write_text(set_limit(src, n))
    # LIMIT is compiled into the program, so one build per LIMIT
    cg: dict[tuple[str, int], Callgrind] = {}
    for variant, cflags in (("inlined", "-g -gdwarf-4"), ("noinline", "-g -gdwarf-4 -fno-inline")):
        for n in limits:
            prog = tmp / f"router-{variant}-{n}"
            compile_router(confs[n], prog, opt, cflags)
            cg[(variant, n)] = callgrind_run([str(prog)], tmp / f"cg-{variant}-{n}.out")
    files = per_packet(cg[("inlined", lo)].by_file, cg[("inlined", hi)].by_file, dn)
    agg: dict[str, float] = defaultdict(float)
    for f, v in files.items():
        agg[short_file(f)] += v
    result["clickc_total"] = sum(files.values())
    result["clickc_by_file"] = dict(sorted(agg.items(), key=lambda kv: -kv[1]))
    result["clickc_by_function"] = per_packet(cg[("inlined", lo)].by_fn,
                                              cg[("inlined", hi)].by_fn, dn)
    c_text = subprocess.run([sys.executable, "-m", "clickc", str(confs[lo]), "--emit", "c",
                             "-o", "-"], check=True, capture_output=True, text=True).stdout
    names = element_names(c_text)
    elems = per_packet(by_element(cg[("noinline", lo)], names),
                       by_element(cg[("noinline", hi)], names), dn)
    result["clickc_noinline_total"] = sum(elems.values())
    result["clickc_noinline_by_element"] = elems
    ccg = {n: callgrind_run([str(click), str(confs[n])], tmp / f"cg-click-{n}.out")
           for n in limits}
    fns = per_packet(ccg[lo].by_fn, ccg[hi].by_fn, dn)
    cls: dict[str, float] = defaultdict(float)
    for f, v in fns.items():
        cls[click_class(f)] += v
    result["click_total"] = sum(fns.values())
    result["click_by_class"] = dict(sorted(cls.items(), key=lambda kv: -kv[1]))
    result["click_by_function"] = dict(list(fns.items())[:40])
    return result


def print_profile(p: dict[str, Any]) -> None:
    lo, hi = p["limits"]
    print(f"\ncallgrind, instructions per packet (difference of LIMIT {hi} and {lo} runs):")
    print(f"  clickc -O2 total {p['clickc_total']:.1f}; by source file of the inlined code:")
    for k, v in p["clickc_by_file"].items():
        if v >= 0.5:
            print(f"    {v:8.1f}  {k}")
    print("  clickc -O2 by function symbol (after inlining):")
    for k, v in list(p["clickc_by_function"].items())[:15]:
        print(f"    {v:8.1f}  {k}")
    print(f"  clickc -O2 -fno-inline total {p['clickc_noinline_total']:.1f}; by element "
          "(self + helpers it calls):")
    for k, v in p["clickc_noinline_by_element"].items():
        if v >= 0.5:
            print(f"    {v:8.1f}  {k}")
    print(f"  Click total {p['click_total']:.1f}; by C++ class:")
    for k, v in list(p["click_by_class"].items())[:30]:
        if v >= 0.5:
            print(f"    {v:8.1f}  {k}")


def perf_shares(cmd: list[str], data: Path, cpu: int | None) -> dict[str, float]:
    """Share of ``perf record -e cpu-clock`` samples by symbol (percent), largest first."""
    if not shutil.which("perf"):
        raise SystemExit("perf not found (apt-get install linux-perf)")
    pin = ["taskset", "-c", str(cpu)] if cpu is not None else []
    subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-o", str(data), *pin, *cmd],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rep = subprocess.run(["perf", "report", "-i", str(data), "--sort", "sym", "--stdio"],
                         check=True, capture_output=True, text=True).stdout
    shares: dict[str, float] = {}
    for m in re.finditer(r"^\s*([0-9.]+)%\s+\[[.k]\]\s+(.+?)\s*$", rep, re.M):
        shares[m.group(2)] = shares.get(m.group(2), 0.0) + float(m.group(1))
    return dict(sorted(shares.items(), key=lambda kv: -kv[1]))


def perf_profile(src: str, click: Path, tmp: Path, opt: int, limit: int, cpu: int | None,
                 ) -> dict[str, Any]:
    """perf cpu-clock shares by symbol of the clickc router (built with -g) and of Click."""
    conf = tmp / f"ipr-perf-{limit}.click"
    conf.write_text(set_limit(src, limit))
    prog = tmp / "router-perf"
    compile_router(conf, prog, opt, "-g -gdwarf-4")
    return {"limit": limit,
            "clickc": perf_shares([str(prog)], tmp / "perf-clickc.data", cpu),
            "click": perf_shares([str(click), str(conf)], tmp / "perf-click.data", cpu)}


#: RouterBench's per-function cycles that its text states (Luo, Bhuyan and Chen,
#: ../shared/seeds/003_*, section V.A, Fig. 7: simulated in-order x86, one 32 KB cache, 41K-route
#: FUNET table): route lookup 617, DecIPTTL 51, classification and lookup together 56% of
#: 2186, so classification 1224 - 617 = 607.  Fig. 7's other bars (CheckIPHeader,
#: fragmentation, RED, DRR) are not given as numbers.  Our element -> their function.
ROUTERBENCH = {
    "c1 :: Classifier": ("classification (31 rules, hierarchical trie)", 607.0),
    "rt :: StaticIPLookup": ("route lookup (radix tree, 41K routes)", 617.0),
    "dt1 :: DecIPTTL": ("DecIPTTL", 51.0),
}


def element_table(p: dict[str, Any], cpu_ns: float | None, ghz: float) -> list[dict[str, Any]]:
    """RouterBench-style cost of one packet per element: instructions from the -fno-inline
    callgrind split (an element's functions and the helpers it calls), scaled so that they
    add up to the inlined program's instructions per packet, then to nanoseconds with the
    measured CPU ns/packet of the benchmarked program (``cpu_ns``: ns per instruction = cpu_ns /
    inlined instructions), and to cycles at ``ghz``.  Averaged over all packets (4 in 5 are
    dropped at out0, so out0's pull side and the Counter see one in five).  Rows: dicts with
    element, instr, ns, cycles, and RouterBench's function and cycles where it has one."""
    split = p["clickc_noinline_by_element"]
    total_split = sum(split.values())
    total = p["clickc_total"]
    scale = total / total_split if total_split else 0.0
    ns_per_instr = cpu_ns / total if cpu_ns and total else None
    rows = []
    for name, instr in split.items():
        if instr < 0.5:
            continue
        rb = ROUTERBENCH.get(name) or ROUTERBENCH.get(name.split(" :: ")[-1])
        ins = instr * scale
        ns = ins * ns_per_instr if ns_per_instr else None
        rows.append({"element": name, "instr": ins, "ns": ns,
                     "cycles": ns * ghz if ns is not None else None,
                     "routerbench": rb[0] if rb else "",
                     "routerbench_cycles": rb[1] if rb else None})
    return rows


def print_element_table(rows: list[dict[str, Any]], ghz: float) -> None:
    print(f"\nper-element cost of one packet (instructions scaled to the inlined program; ns from "
          f"the measured CPU time; cycles at {ghz} GHz):")
    for r in rows:
        ns = f"{r['ns']:6.2f} ns {r['cycles']:6.1f} cyc" if r["ns"] is not None else ""
        rb = (f"   RouterBench {r['routerbench']}: {r['routerbench_cycles']:.0f} cyc"
              if r["routerbench"] else "")
        print(f"  {r['instr']:7.1f} instr {ns}  {r['element']}{rb}")


def print_perf(p: dict[str, Any]) -> None:
    print(f"\nperf record -e cpu-clock, LIMIT {p['limit']}: share of samples by symbol")
    for d in ("clickc", "click"):
        print(f"  {d}:")
        for k, v in list(p[d].items())[:15]:
            print(f"    {v:6.2f}%  {k}")


def machine() -> str:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{model or platform.processor()}, {os.cpu_count()} CPUs, "
            f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--click-src", type=Path, default=Path(oracle_src()),
                    help="Click's source tree (default $CLICK_SRC)")
    ap.add_argument("--click", type=Path, default=Path(oracle_click()),
                    help="Click's driver (default $CLICK_PREFIX/bin/click)")
    ap.add_argument("-n", "--runs", type=int, default=5)
    ap.add_argument("--limit", type=int, default=20_000_000)
    ap.add_argument("--check-limit", type=int, default=600_000)
    ap.add_argument("--cpu", type=int, default=0, help="core to pin to (-1: no pinning)")
    ap.add_argument("-O", dest="opt", type=int, choices=(0, 1, 2, 3), default=2)
    ap.add_argument("--json", type=Path)
    ap.add_argument("--callgrind", action="store_true",
                    help="also profile with valgrind --tool=callgrind")
    ap.add_argument("--callgrind-limits", default="200000,400000")
    ap.add_argument("--perf", action="store_true",
                    help="also profile both programs with perf record -e cpu-clock")
    ap.add_argument("--perf-limit", type=int, default=5_000_000)
    ap.add_argument("--no-bench", action="store_true", help="check (and profile) only")
    ap.add_argument("--batch", type=int, default=0, metavar="N",
                    help="also time the router built with --batch N (a third program in the "
                         "alternation, 'clickc-batchN')")
    ap.add_argument("--ghz", type=float, default=4.0,
                    help="clock for the per-element cycle estimate (default 4.0: the effective "
                         "rate of a dependent-add loop on the benchmark machine)")
    a = ap.parse_args(argv)
    cpu = None if a.cpu < 0 else a.cpu
    if not a.click.is_file():
        raise SystemExit(f"{a.click}: not found (give Click's driver with --click)")
    src = extract_config(a.click_src)
    summary: dict[str, Any] = {"machine": machine(), "limit": a.limit, "runs": a.runs,
                               "opt": a.opt, "cpu": cpu}
    with tempfile.TemporaryDirectory(prefix="clickc-ipr01-") as tmpd:
        tmp = Path(tmpd)
        check_conf = tmp / "ipr-check.click"
        check_conf.write_text(set_limit(src, a.check_limit))
        check_prog = tmp / "router-check"
        compile_router(check_conf, check_prog, a.opt, None)
        vals = check_same(a.click, check_prog, check_conf, cpu, a.check_limit)
        summary["check"] = {"limit": a.check_limit, "handlers": vals}
        print(f"check, LIMIT {a.check_limit}: same handler values from Click and clickc: "
              + ", ".join(f"{k}={v}" for k, v in vals.items()))
        if not a.no_bench:
            conf = tmp / "ipr.click"
            conf.write_text(set_limit(src, a.limit))
            prog = tmp / "router"
            compile_router(conf, prog, a.opt, None)
            progs = {"clickc": prog}
            drivers = ["click", "clickc"]
            if a.batch:
                bname = f"clickc-batch{a.batch}"
                progs[bname] = tmp / "router-batch"
                compile_router(conf, progs[bname], a.opt, None, a.batch)
                drivers.append(bname)
            runs: list[Run] = []
            bench_vals: dict[str, str] | None = None
            for i in range(a.runs):
                for d in drivers:
                    out, wall, cpu_s = run(command(d, a.click, progs.get(d, prog), conf, cpu,
                                                   COUNT_HANDLERS))
                    r = Run(d, counted(out, a.limit, f"{d} run {i + 1}"), wall, cpu_s)
                    runs.append(r)
                    # every timed run of either program must end with the same handler values
                    vals = parse_handlers(out)
                    if bench_vals is None:
                        bench_vals = vals
                    elif vals != bench_vals:
                        raise SystemExit(f"{d} run {i + 1}: handler values {vals} differ "
                                         f"from the first run's {bench_vals}")
                    print(f"  run {i + 1} {d:6}: wall {r.wall_s:7.3f} s ({r.wall_ns:6.1f} "
                          f"ns/packet), CPU {r.cpu_s:7.3f} s ({r.cpu_ns:6.1f} ns/packet)",
                          flush=True)
            med: dict[str, dict[str, float]] = {}
            for d in drivers:
                rs = [r for r in runs if r.driver == d]
                med[d] = {k: statistics.median(getattr(r, k) for r in rs)
                          for k in ("wall_ns", "cpu_ns", "wall_mpps", "cpu_mpps")}
            ratio = {k: med["click"][k] / med["clickc"][k] for k in ("wall_ns", "cpu_ns")}
            print("  every run, both programs: " + ", ".join(
                f"{k}={v}" for k, v in (bench_vals or {}).items()))
            summary |= {"median": med, "ratio_click_over_clickc": ratio,
                        "handlers": bench_vals,
                        "per_run": [asdict(r) for r in runs]}
            print(f"\n{a.limit} packets, {a.runs} alternating runs each, "
                  f"{'core ' + str(cpu) if cpu is not None else 'unpinned'}; {machine()}")
            print(f"  {'':8}{'wall Mpps':>10}{'wall ns/pkt':>13}{'CPU Mpps':>10}"
                  f"{'CPU ns/pkt':>12}")
            for d in drivers:
                m = med[d]
                print(f"  {d:8}{m['wall_mpps']:10.3f}{m['wall_ns']:13.1f}"
                      f"{m['cpu_mpps']:10.3f}{m['cpu_ns']:12.1f}")
            print(f"  ratio Click/clickc (ns/packet): wall {ratio['wall_ns']:.2f}x, "
                  f"CPU {ratio['cpu_ns']:.2f}x")
            if a.batch:
                b = med[drivers[-1]]
                summary["batch_over_per_packet_cpu"] = med["clickc"]["cpu_ns"] / b["cpu_ns"]
                print(f"  --batch {a.batch} against per packet (CPU ns/packet): "
                      f"{b['cpu_ns']:.1f} vs {med['clickc']['cpu_ns']:.1f}, rate "
                      f"{summary['batch_over_per_packet_cpu']:.2f}x")
        if a.callgrind:
            lo, hi = (int(x) for x in a.callgrind_limits.split(","))
            summary["callgrind"] = profile(src, a.click, tmp, a.opt, (lo, hi))
            print_profile(summary["callgrind"])
            cpu_ns = summary.get("median", {}).get("clickc", {}).get("cpu_ns")
            rows = element_table(summary["callgrind"], cpu_ns, a.ghz)
            summary["per_element"] = rows
            print_element_table(rows, a.ghz)
        if a.perf:
            summary["perf"] = perf_profile(src, a.click, tmp, a.opt, a.perf_limit, cpu)
            print_perf(summary["perf"])
    if a.json:
        a.json.write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
