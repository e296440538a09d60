"""``clickc verify CONFIG [NAME=VALUE ...] --input PCAP ... [-O2 -j N --batch N --profile-use F]``:
check an optimized plan against the plain program on real traffic (docs/verify.md).

Compiles the configuration twice, as the plain program (``-O0 -j 1``: no pass, one thread) and
as the plan the options ask for, runs both on each capture and compares what they did
(clickc.equivalence): per port the packets (a multiset), the per-flow order (5-tuple) and,
where the plan keeps it, the global order; per element the counters of ``--stats`` (packets in
and out, drops by reason); the read handlers given with ``--handler``.  Each difference is
reported with the element and port where it first appears; the exit status is 1 when there is
one (or an error), 0 when the plan is equivalent on every capture.

Sources and sinks are substituted in the flat configuration before either program is
compiled: every ``FromDump`` (or those named with ``--source``) reads the capture, and every
``ToDump`` writes a temporary file.  A port is named by the parameter that named its file in
the configuration (``ToDump($OUT1)``: port ``OUT1``), else by the ToDump's element name.

Programs are cached as ``clickc run`` caches them (``routers/HASH`` of the clickc cache, named
by a hash of the C text and the build options): the files a program reads and writes are in a
directory named by the configuration, the role and the options (``verify/KEY`` of the cache,
locked while in use), so the same plan, or the plain program of any plan, is built once
(docs/verify.md).
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from clickc.elements import registry
from clickc.passes.manager import list_passes

from ..args.lexing import cp_argvec
from ..backend.cc import CompileError, default_cache_dir
from ..draw import DrawError
from ..draw import render as draw
from ..driver import (
    CompileOptions,
    Parsed,
    Stage,
    build,
    build_options,
    compile_config,
    parse,
    validate,
)
from ..equivalence import PlanInfo, Port, Report, Run, compare
from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import Source, parse_definitions
from ..frontend.confparse import cp_quote, cp_unquote
from ..ir import RouterGraph
from ..pcapfile import read_pcap
from .compile import add_build_options, compile_options, print_explain
from .run import clickc_fingerprint

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
NAME = "verify"
HELP = "run the plain program and an optimized plan on captures and compare what they do"

#: The marker a parameter is set to when looking for the sinks it names.
_PROBE = "clickc-verify-probe"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", help="the Click configuration (.click file)")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="configuration parameters ($NAME in the configuration), for both "
                        "programs")
    v = p.add_argument_group("verification (docs/verify.md)")
    v.add_argument("--input", action="append", default=[], metavar="PCAP",
                   help="a capture the FromDump sources read; each one is a run of both "
                        "programs (repeatable; none: the configuration's own sources)")
    v.add_argument("--source", action="append", default=[], metavar="ELEMENT",
                   help="only this FromDump reads the capture (repeatable; default: every "
                        "FromDump)")
    v.add_argument("--handler", action="append", default=[], metavar="ELEM.HANDLER",
                   help="also compare this read handler's value after the run (repeatable)")
    v.add_argument("--graphs", metavar="FILE",
                   help="draw both programs as clickc graph does: FILE with .plain and .plan "
                        "before its extension (g.svg: g.plain.svg, g.plan.svg)")
    v.add_argument("--keep", metavar="DIR",
                   help="keep the programs, their outputs and --stats in DIR")
    v.add_argument("--timeout", type=float, default=600.0, metavar="SECONDS",
                   help="stop a program that runs longer (default 600)")
    add_build_options(p)


@dataclass
class Program:
    """One compiled program: its role (``plain`` or ``plan``), the options, the optimized
    graph, the executable, its directory (the capture it reads, ``input.pcap``, its outputs and
    ``stats.json``) and its sinks (label -> (element, output file))."""

    role: str
    options: CompileOptions
    graph: RouterGraph
    exe: Path
    workdir: Path
    sinks: dict[str, tuple[str, Path]] = field(default_factory=dict)


class VerifyError(Exception):
    """A run that could not be compared (a program failed, a file is missing)."""


def _file_arg(config: str) -> tuple[list[str], int]:
    """The arguments of a FromDump/ToDump configuration and the index of its FILENAME."""
    args = cp_argvec(config)
    for i, a in enumerate(args):
        if a.strip().upper().startswith("FILENAME ") or a.strip().upper() == "FILENAME":
            return args, i
    return args, 0


def _filename(config: str) -> str:
    args, i = _file_arg(config)
    if i >= len(args):
        return ""
    a = args[i].strip()
    if a.upper().startswith("FILENAME"):
        a = a[len("FILENAME"):].strip()
    return cp_unquote(a)


def _set_filename(config: str, path: Path) -> str:
    args, i = _file_arg(config)
    text = cp_quote(str(path))
    if i < len(args) and args[i].strip().upper().startswith("FILENAME"):
        text = "FILENAME " + text
    if i < len(args):
        args[i] = text
    else:
        args.append(text)
    return ", ".join(a.strip() for a in args)


def _sink_labels(parsed: Parsed, defines: dict[str, str]) -> dict[str, str]:
    """ToDump element -> port label: the parameter whose value is the whole file name
    (found by flattening again with that parameter set to a marker), else the element's
    name."""
    sinks = [e.name for e in parsed.graph.elements() if e.class_name == "ToDump"]
    labels = {s: s for s in sinks}
    for name in sorted(parsed.config.file_defines):
        pname = str(name).lstrip("$")
        try:
            probe = parsed.redefine({**defines, pname: _PROBE}, ErrorHandler()).graph
        except (ClickError, RuntimeError):
            continue
        for s in sinks:
            if s in probe and _filename(probe.element(s).config) == _PROBE and labels[s] == s:
                labels[s] = pname
    seen: dict[str, int] = {}
    for v in labels.values():
        seen[v] = seen.get(v, 0) + 1
    return {s: (v if seen[v] == 1 else f"{v} ({s})") for s, v in labels.items()}


def _substitute(parsed: Parsed, sources: list[str], capture: Path, outdir: Path,
                labels: dict[str, str], errh: ErrorHandler) -> dict[str, tuple[str, Path]]:
    """Point the sources at ``capture`` and the sinks into ``outdir`` (in ``parsed.graph``);
    returns the sinks: label -> (element, file).  Errors (an unknown --source) to ``errh``."""
    dumps = [e for e in parsed.graph.elements() if e.class_name == "FromDump"]
    names = {e.name for e in dumps}
    for s in sources:
        if s not in names:
            errh.error(None, f"--source {s}: no FromDump of that name "
                             f"(FromDump elements: {', '.join(sorted(names)) or 'none'})")
    for e in dumps:
        if not sources or e.name in sources:
            e.config = _set_filename(e.config, capture)
    sinks: dict[str, tuple[str, Path]] = {}
    for i, e in enumerate(x for x in parsed.graph.elements() if x.class_name == "ToDump"):
        f = outdir / f"sink{i}.pcap"
        e.config = _set_filename(e.config, f)
        sinks[labels[e.name]] = (e.name, f)
    return sinks


def _plan_info(plain: RouterGraph, plan: RouterGraph) -> PlanInfo:
    """The compiler's decisions in the words of a report (clickc.equivalence.PlanInfo)."""
    order: list[str] = []
    for e in plain.elements():
        if not plain.inputs(e.name):
            for x in plain.downstream(e.name):
                if x not in order:
                    order.append(x)
    order += [e.name for e in plain.elements() if e.name not in order]
    upstream: dict[str, set[str]] = {}
    for e in plain.elements():
        for x in plain.downstream(e.name):
            upstream.setdefault(x, set()).add(e.name)
    replicas = {k: list(v) for k, v in plan.facts.replica_groups.items()}
    rep_names = {r for v in replicas.values() for r in v}
    skip = {e.name for e in plan.elements() if e.name not in plain and e.name not in rep_names}
    pullers: dict[str, list[int]] = {}
    why = ""
    for e in plan.elements():
        if e.facts.ring is None:
            continue
        names = plan.downstream(e.name, keep=lambda x: "pull" in plan.element(x).input_kinds)
        pullers[e.name] = sorted({plan.element(x).facts.thread for x in names[1:]
                                  if plan.element(x).facts.task})
        if (e.facts.producers or 1) > 1 and not why:
            why = (f"{e.name} :: {e.class_name} takes packets from {e.facts.producers} "
                   "threads, whose packets interleave by timing")
    for s in plan.facts.flow_splits:
        if not s.ordered:
            why = f"the hash split at {s.switch} keeps per-flow order only"
            break
    nthreads = plan.facts.nthreads
    timing = _timing_drops(plan) if nthreads > 1 else {}
    if not why:
        why = (f"the plan runs on {nthreads} threads: packets that take different paths "
               "interleave by timing")
    return PlanInfo(order=order, upstream=upstream, replicas=replicas, skip=skip,
                    pullers=pullers, global_order=nthreads <= 1, why_not=why, timing=timing)


def _threads(plan: RouterGraph, name: str) -> set[int]:
    e = plan.element(name)
    return set(e.facts.exec_threads or [e.facts.thread])


def _pull_threads(plan: RouterGraph, queue: str) -> set[int]:
    """The threads of the tasks that pull ``queue`` in the plan (through pull elements)."""
    names = plan.downstream(queue, keep=lambda x: "pull" in plan.element(x).input_kinds)
    return {plan.element(x).facts.thread for x in names[1:] if plan.element(x).facts.task}


def _feed_threads(plan: RouterGraph, name: str) -> set[int]:
    """The threads of the tasks whose packets reach ``name`` in the plan (every task
    upstream of it)."""
    seen, todo, out = {name}, [name], set[int]()
    while todo:
        for c in plan.inputs(todo.pop()):
            if c.src not in seen:
                seen.add(c.src)
                todo.append(c.src)
                if plan.element(c.src).facts.task:
                    out.add(plan.element(c.src).facts.thread)
    return out


def _timing_drops(plan: RouterGraph) -> dict[str, str]:
    """Elements whose drops follow another thread's timing in the plan, with the reason in
    words: a class that drops by the length of the queues it watches
    (``ElementSpec.queue_length_drops``, e.g. RED) where a watched queue is pulled on another
    thread than the element's, or the packets it decides on come from another thread (the
    lengths it reads then depend on how the threads interleave).  On one thread its drops are
    as deterministic as the plain program's and none is listed."""
    out: dict[str, str] = {}
    for e in plan.elements():
        spec = registry.get(e.class_name)
        if spec is None or not spec.queue_length_drops or not e.facts.watched_queues:
            continue
        own = _threads(plan, e.name)
        queues = [q for q in e.facts.watched_queues if q in plan]
        pulled = {q: _pull_threads(plan, q) for q in queues}
        fed = _feed_threads(plan, e.name)
        here = ", ".join(map(str, sorted(own)))
        other = next((q for q in queues if pulled[q] - own), None)
        if other is not None:
            threads = sorted(pulled[other])
            out[e.name] = (f"its drops follow the length of {other}, pulled on "
                           f"thread{'s' if len(threads) > 1 else ''} "
                           f"{', '.join(map(str, threads))} while it runs on thread {here}")
        elif fed - own:
            threads = sorted(fed - own)
            out[e.name] = (f"its drops follow the length of {', '.join(queues)}, filled "
                           f"with packets that cross from thread"
                           f"{'s' if len(threads) > 1 else ''} "
                           f"{', '.join(map(str, threads))} to its thread {here}")
    return out


def _compile(role: str, source: Source, options: CompileOptions, sources: list[str],
             d: Path, cache: Path | None, keep: bool, errh: ErrorHandler) -> Program:
    """Parse, substitute, optimize and build one program whose files are in ``d``; the
    program comes from the cache (``cache/routers``, as ``clickc run`` names programs) when it
    was built before, and is copied to ``d/router`` with ``keep``.  Raises ClickError or
    CompileError."""
    d.mkdir(parents=True, exist_ok=True)
    parsed = parse(source, options.defines, errh)
    labels = _sink_labels(parsed, options.defines)
    sinks = _substitute(parsed, sources, d / "input.pcap", d, labels, errh)
    if errh.nerrors:
        raise ClickError(errh)
    explain: list[str] = []
    try:
        result = compile_config(parsed, options, errh, until=Stage.RENDER, explain=explain)
    finally:
        print_explain(options, explain)
    assert result.c_text is not None and result.optimized is not None
    bopts = build_options(options, cache)
    if cache is None:
        exe = build(result.c_text, d / "router", bopts)
    else:
        h = hashlib.sha256(result.c_text.encode())
        h.update(json.dumps({**options.build_key(), "clickc": clickc_fingerprint()},
                            sort_keys=True).encode())
        exe = cache / "routers" / h.hexdigest()[:32] / "router"
        if not exe.is_file():
            build(result.c_text, exe, bopts)
        if keep:
            shutil.copy2(exe, d / "router")
    return Program(role, options, result.optimized.graph, exe, d, sinks)


def _io_dir(cache: Path, config: str, role: str, options: CompileOptions,
            locks: ExitStack) -> Path:
    """The directory of the files one program reads and writes, named by the configuration's
    path, the role and the compile options, so that the same program is built from the same
    C text each time (its file names are in it); held under an exclusive lock (``DIR.lock``)
    until ``locks`` closes, so two verifications of the same program take turns."""
    h = hashlib.sha256(json.dumps({"config": str(Path(config).resolve()), "role": role,
                                   **options.key()}, sort_keys=True).encode())
    d = cache / "verify" / h.hexdigest()[:24]
    # only the lock's folder before the lock: another verification that holds it may be
    # between its rmtree and its mkdir of d
    d.parent.mkdir(parents=True, exist_ok=True)
    lock: IO[bytes] = locks.enter_context(open(f"{d}.lock", "wb"))
    fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir()
    return d


def _handler_values(stdout: str, names: list[str]) -> dict[str, str]:
    """The values ``-h NAME`` printed (``NAME:`` on a line, the value up to a blank line)."""
    lines = stdout.splitlines()
    out: dict[str, str] = {}
    for name in names:
        try:
            i = len(lines) - 1 - lines[::-1].index(f"{name}:")
        except ValueError:
            continue
        value: list[str] = []
        for line in lines[i + 1:]:
            if not line:
                break
            value.append(line)
        out[name] = "\n".join(value)
    return out


def _run(prog: Program, handlers: list[str], timeout: float) -> Run:
    """Run ``prog`` once; its ports, ``--stats`` and handler values.  Raises VerifyError."""
    stats = prog.workdir / "stats.json"
    for _, f in prog.sinks.values():
        f.unlink(missing_ok=True)
    argv = [str(prog.exe), f"--stats={stats}", *[x for h in handlers for x in ("-h", h)]]
    try:
        r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise VerifyError(f"the {prog.role} program ran longer than {timeout:g} s "
                          "(--timeout); stopped") from None
    if r.returncode != 0:
        raise VerifyError(f"the {prog.role} program exited with status {r.returncode}:\n"
                          + r.stderr.rstrip())
    try:
        doc = json.loads(stats.read_text())
    except (OSError, ValueError) as e:
        raise VerifyError(f"the {prog.role} program wrote no statistics: {e}") from None
    ports: dict[str, Port] = {}
    for label, (element, f) in prog.sinks.items():
        try:
            linktype, packets = read_pcap(f) if f.exists() else (1, [])
        except ValueError as e:
            raise VerifyError(f"the {prog.role} program's port {label}: {e}") from None
        ports[label] = Port(label, element, linktype, [p[2] for p in packets])
    return Run(ports, doc, _handler_values(r.stdout, handlers))


def _describe(options: CompileOptions) -> str:
    words = [f"-O{options.opt}", f"-j {options.threads}"]
    if options.batch:
        words.append(f"--batch {options.batch}")
    words += [f"--profile-use {p}" for p in options.profile_use]
    words += [f"--pass-option {p}" for p in options.pass_options]
    if options.passes is not None:
        words.append(f"--passes {','.join(options.passes)}")
    words += [f"--cflags={c}" for c in options.cflags]
    if options.adapt is not None:
        words.append("--adapt")
    return " ".join(words)


def _print_report(config: str, capture: str, plan: CompileOptions, report: Report,
                  nports: int) -> None:
    print(f"clickc verify: {config} on {capture}: {_describe(plan)} against -O0 -j 1")
    for f in report.findings:
        print(f"  {f.text}")
    for note in report.notes:
        print(f"  note: {note}")
    if report.equivalent:
        order = "per-flow order" if report.notes else "order"
        same = (f"same packets but for {report.timed:,} (the timing drops noted)"
                if report.timed else "same packets")
        print(f"  equivalent: {report.packets:,} packets on {nports} port"
              f"{'' if nports == 1 else 's'}, {same} and {order} per port, counters "
              "agree")
    else:
        k = len(report.findings)
        print(f"  {k} difference{'' if k == 1 else 's'}")


def _draw(programs: list[Program], target: str) -> None:
    stem, ext = os.path.splitext(target)
    for prog in programs:
        path = f"{stem}.{prog.role}{ext or '.dot'}"
        draw(prog.graph, path)
        print(f"clickc verify: {prog.role} program ({_describe(prog.options)}) drawn in {path}")


def run(args: argparse.Namespace) -> int:
    if args.list_passes:
        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    params = parse_definitions(args.params, errh)
    options = compile_options(args, params)
    validate(options, errh)
    if not Path(args.config).is_file():
        errh.error(None, f"{args.config}: No such file or directory")
    for f in args.input:
        if not Path(f).is_file():
            errh.error(None, f"--input {f}: No such file or directory")
    if errh.nerrors:
        errh.print()
        return 1
    plain_opts = CompileOptions(params=options.params, opt=0, threads=1, cc=options.cc,
                                build_jobs=options.build_jobs)
    plan_opts = replace(options, emit="program", output=None)
    try:
        cache: Path | None = default_cache_dir()
    except OSError:
        cache = None
    source = Source(path=args.config)
    roles = (("plain", plain_opts), ("plan", plan_opts))
    with ExitStack() as locks:
        if args.keep:
            dirs = [Path(args.keep) / role for role, _ in roles]
        elif cache is not None:
            dirs = [_io_dir(cache, args.config, role, opts, locks) for role, opts in roles]
        else:
            tmp = Path(tempfile.mkdtemp(prefix="clickc-verify-"))
            locks.callback(shutil.rmtree, tmp, ignore_errors=True)
            dirs = [tmp / role for role, _ in roles]
        try:
            has_dump = any(e.class_name == "FromDump"
                           for e in parse(source, options.defines, errh).graph.elements())
            if args.input and not has_dump:
                raise VerifyError("--input: the configuration has no FromDump to read the "
                                  "capture")
            if has_dump and not args.input:
                raise VerifyError("the configuration reads captures (FromDump): give one "
                                  "with --input")
            programs = [_compile(role, source, opts, args.source, d, cache, bool(args.keep),
                                 errh) for (role, opts), d in zip(roles, dirs, strict=True)]
            errh.print()  # warnings
            if args.graphs:
                _draw(programs, args.graphs)
            return _verify(args, programs, plan_opts)
        except ClickError:
            errh.print()
            return 1
        except CompileError as e:
            print(f"clickc verify: C compilation failed: {e}", file=sys.stderr)
            return 1
        except (VerifyError, DrawError) as e:
            print(f"clickc verify: {e}", file=sys.stderr)
            return 1
        finally:
            if not args.keep and cache is not None:
                for d in dirs:
                    shutil.rmtree(d, ignore_errors=True)


def _verify(args: argparse.Namespace, programs: list[Program], plan_opts: CompileOptions) -> int:
    plain, plan = programs
    info = _plan_info(plain.graph, plan.graph)
    status = 0
    for capture in args.input or [""]:
        if capture:
            for prog in programs:
                link = prog.workdir / "input.pcap"
                link.unlink(missing_ok=True)
                link.symlink_to(Path(capture).resolve())
        a = _run(plain, args.handler, args.timeout)
        b = _run(plan, args.handler, args.timeout)
        report = compare(a, b, info)
        _print_report(args.config, capture or "its own sources", plan_opts, report,
                      len(a.ports))
        if not report.equivalent:
            status = 1
    return status
