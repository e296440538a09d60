"""``clickc tune [-O..] [-j N] CONFIG [NAME=VALUE ...] -o PROGRAM``: profile-guided plans
checked by measurement (issue 23; docs/profiles.md, "Plans checked by measurement").

1. The configuration is built with ``-j 1 --profile-generate`` and run ``--runs`` times on its
   input (the configuration reads it: ``FromDump($IN)`` with ``IN=trace.pcap`` among the
   ``NAME=VALUE`` definitions); the figure of a plan is the median over its runs of the
   busiest thread's CPU nanoseconds per packet entering the router (``--stats``), so other
   processes on the machine do not count.
2. The ``-j N`` plan made from the profiles of the best plan so far is built instrumented and
   measured the same way.  It replaces the best plan only when its figure is below the best's
   by ``--margin`` (default 5%) and it drops no more packets; its profiles then shape the next
   plan (the inserted queues and replicas are measured on the threads they run on), until a
   plan repeats (the generated C is the same), a plan is not faster, or ``--rounds`` plans
   were tried.
3. PROGRAM is built without instrumentation from the winner: ``-j 1``'s own program when no
   parallel plan beat it.

``--explain`` prints every plan's figures and the decision (``[tune] ...`` lines) and the
passes' decisions of the final build.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .compile import add_build_options

INTERMIXED = True
NAME = "tune"
HELP = ("choose the -j N plan by measurement: profile at -j 1, try profile-guided plans, keep "
        "one only when it runs faster")
#: ``--profile-use`` and ``--profile-generate`` are tune's own business.
DEFAULT_RUNS = 3
DEFAULT_ROUNDS = 3
DEFAULT_MARGIN = 0.05


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", nargs="?",
                   help="the Click configuration (.click file)")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="configuration parameters, among them the input the runs read "
                        "(e.g. IN=trace.pcap for FromDump($IN))")
    p.add_argument("-o", "--output", metavar="PROGRAM", help="the program to write")
    t = p.add_argument_group("measurement")
    t.add_argument("--runs", type=int, default=DEFAULT_RUNS, metavar="R",
                   help=f"runs per plan; its figure is the median (default {DEFAULT_RUNS})")
    t.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, metavar="K",
                   help="most profile-guided plans to try, each from the profiles of the best "
                        f"so far (default {DEFAULT_ROUNDS})")
    t.add_argument("--margin", type=float, default=DEFAULT_MARGIN, metavar="X",
                   help="a plan replaces the best only when it is this fraction faster "
                        f"(default {DEFAULT_MARGIN})")
    t.add_argument("--keep", metavar="DIR", default=None,
                   help="keep the programs, profiles and statistics in DIR")
    t.add_argument("--timeout", type=float, default=600.0, metavar="S",
                   help="seconds one run may take (default 600)")
    add_build_options(p)


@dataclass
class Plan:
    """One measured plan: how it was built, its runs' figures and profiles."""

    label: str
    threads: int
    profiles: tuple[str, ...]
    key: str = ""
    ns: list[float] = field(default_factory=list)
    drops: list[int] = field(default_factory=list)
    packets: list[int] = field(default_factory=list)
    made: list[str] = field(default_factory=list)

    @property
    def figure(self) -> float:
        """Median busiest-thread CPU ns per packet over the runs."""
        return statistics.median(self.ns) if self.ns else float("inf")

    @property
    def dropped(self) -> int:
        """The most packets one run dropped."""
        return max(self.drops) if self.drops else 0


class TuneError(Exception):
    """A build or a run failed (the message says which and shows its diagnostics)."""


def _forwarded(args: argparse.Namespace) -> list[str]:
    """The build options to give every clickc build (not -j, the profiles, -o or --explain)."""
    out = [f"-O{args.opt}"]
    if args.cc:
        out += ["--cc", args.cc]
    if args.march_native:
        out.append("--march-native")
    out += [f"--cflags={c}" for c in args.cflags]
    out += [f"--ldflags={c}" for c in args.ldflags]
    if args.passes is not None:
        out.append(f"--passes={args.passes}")
    if args.batch:
        out += ["--batch", str(args.batch)]
    for o in args.pass_option:
        out += ["--pass-option", o]
    if args.jobs:
        out += ["--build-jobs", str(args.jobs)]
    if args.pgo:
        out.append("--pgo")
    return out


def _clickc(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "clickc", *argv], capture_output=True,
                          text=True)


def plan_key(args: argparse.Namespace, plan: Plan) -> str:
    """A hash of the generated C of ``plan`` (without instrumentation): equal keys are the same
    plan.  Raises TuneError when clickc fails."""
    argv = [*_forwarded(args), "-j", str(plan.threads), "--emit", "c", "-o", "-",
            *[f"--profile-use={p}" for p in plan.profiles], args.config, *args.params]
    r = _clickc(argv)
    if r.returncode != 0:
        raise TuneError(f"clickc {' '.join(argv)} failed:\n{r.stderr}")
    return hashlib.sha256(r.stdout.encode()).hexdigest()


def measure(args: argparse.Namespace, plan: Plan, work: Path) -> None:
    """Build ``plan`` instrumented and run it ``args.runs`` times: fills ``plan.ns``,
    ``plan.drops``, ``plan.packets`` and ``plan.made`` (the profiles written).  Raises
    TuneError when the build or a run fails or a run counts no packet."""
    prog = work / f"{plan.label}.prof-build"
    argv = [*_forwarded(args), "-j", str(plan.threads), f"--profile-generate={work}/x.prof",
            *[f"--profile-use={p}" for p in plan.profiles], args.config, *args.params,
            "-o", str(prog)]
    r = _clickc(argv)
    if r.returncode != 0:
        raise TuneError(f"building {plan.label} failed:\n{r.stderr}")
    for i in range(args.runs):
        prof = work / f"{plan.label}.run{i}.prof"
        stats = work / f"{plan.label}.run{i}.stats.json"
        env = {**os.environ, "CLICKC_PROFILE_FILE": str(prof)}
        try:
            run = subprocess.run([str(prog), f"--stats={stats}"], capture_output=True,
                                 text=True, env=env, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            raise TuneError(f"{plan.label}: a run took more than {args.timeout:g} s") from None
        if run.returncode != 0:
            raise TuneError(f"{plan.label}: the router failed (status {run.returncode}):\n"
                            f"{run.stderr}")
        ns, packets, drops = read_stats(stats)
        if packets <= 0:
            raise TuneError(f"{plan.label}: the router counted no packet; tune needs a "
                            "configuration whose sources read a finite input")
        plan.ns.append(ns)
        plan.packets.append(packets)
        plan.drops.append(drops)
        if prof.is_file():
            plan.made.append(str(prof))


def read_stats(path: Path) -> tuple[float, int, int]:
    """(busiest thread's CPU ns per packet entering the router, packets, packets dropped) from
    a router's ``--stats`` file (docs/runtime.md, "Statistics")."""
    data = json.loads(path.read_text(encoding="utf-8"))
    threads = data.get("threads", [])
    packets = sum(int(t.get("packets", 0)) for t in threads)
    cpu = max((float(t.get("cpu_s", 0.0)) for t in threads), default=0.0)
    drops = sum(int(e.get("drops", 0)) for e in data.get("elements", []))
    return (cpu * 1e9 / packets if packets else 0.0), packets, drops


def better(new: Plan, best: Plan, margin: float) -> tuple[bool, str]:
    """Whether ``new`` replaces ``best``: faster by ``margin`` and no more drops; the reason."""
    if new.dropped > best.dropped:
        return False, f"it dropped {new.dropped} packets in a run ({best.label}: {best.dropped})"
    if new.figure < best.figure * (1 - margin):
        return True, f"{best.figure / new.figure:.2f}x faster than {best.label}"
    return False, (f"not {margin:.0%} faster than {best.label} "
                   f"({best.figure / new.figure:.2f}x)")


def run(args: argparse.Namespace) -> int:
    if args.list_passes or args.config is None or args.output is None:
        print("clickc tune: usage: clickc tune [-O..] -j N CONFIG [NAME=VALUE ...] -o PROGRAM",
              file=sys.stderr)
        return 1
    if not Path(args.config).is_file():
        print(f"clickc tune: {args.config}: No such file or directory", file=sys.stderr)
        return 1
    if args.profile_generate or args.profile_use or args.adapt is not None:
        print("clickc tune: --profile-generate, --profile-use and --adapt are tune's own "
              "choices; leave them out", file=sys.stderr)
        return 1
    if args.runs < 1 or args.rounds < 0 or not 0 <= args.margin < 1:
        print("clickc tune: --runs must be >= 1, --rounds >= 0, 0 <= --margin < 1",
              file=sys.stderr)
        return 1
    lines: list[str] = []

    def say(text: str) -> None:
        lines.append(f"[tune] {text}")
        if args.explain:
            print(f"clickc: [tune] {text}", file=sys.stderr)

    tmp = None
    if args.keep:
        work = Path(args.keep)
        work.mkdir(parents=True, exist_ok=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="clickc-tune-")
        work = Path(tmp.name)
    try:
        best = Plan("j1", 1, ())
        measure(args, best, work)
        say(f"-j 1: {best.figure:.1f} CPU ns/packet (median of {len(best.ns)}), "
            f"{best.dropped} dropped")
        tried = {plan_key(args, best)}
        if args.threads > 1:
            for k in range(1, args.rounds + 1):
                cand = Plan(f"j{args.threads}-plan{k}", args.threads, tuple(best.made))
                cand.key = plan_key(args, cand)
                source = f"the profiles of {best.label}"
                if cand.key in tried:
                    say(f"-j {args.threads} plan from {source} is a plan already measured: "
                        f"keeping {best.label}")
                    break
                tried.add(cand.key)
                measure(args, cand, work)
                ok, why = better(cand, best, args.margin)
                say(f"-j {args.threads} plan {k} (from {source}): {cand.figure:.1f} CPU "
                    f"ns/packet, {cand.dropped} dropped: "
                    + (f"kept, {why}" if ok else f"rejected, {why}"))
                if not ok:
                    break
                best = cand
        say(f"chosen: {best.label} ({best.figure:.1f} CPU ns/packet)")
        final = [*_forwarded(args), "-j", str(best.threads),
                 *[f"--profile-use={p}" for p in best.profiles], args.config, *args.params,
                 "-o", args.output]
        if args.explain:
            final.append("--explain")
        r = _clickc(final)
        sys.stderr.write(r.stderr)
        if r.returncode != 0:
            return r.returncode
        if args.keep:
            (work / "tune.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        if not args.explain:
            print(f"clickc tune: {lines[-1][7:]}", file=sys.stderr)
        return 0
    except (TuneError, OSError, ValueError) as e:
        print(f"clickc tune: {e}", file=sys.stderr)
        return 1
    finally:
        if tmp is not None:
            tmp.cleanup()
