"""``clickc [-O0|-O1|-O2|-O3] [-j N] CONFIG [NAME=VALUE ...] -o PROGRAM``: compile a router.

The default sub-command: the whole driver (clickc.driver), parse through build.
``--emit flat`` stops after the passes and writes the flat configuration, ``--emit c`` after
render and writes the C.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from clickc.passes.check import print_report as report
from clickc.passes.manager import list_passes

from ..backend.cc import CompileError, default_cache_dir
from ..backend.model import RouterModel
from ..driver import (
    CompileOptions,
    Stage,
    build,
    build_options,
    compile_config,
    render_to,
    validate,
)
from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import Source, parse_definitions
from ..frontend.unparse import unparse

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
NAME = "compile"
#: Options whose value is given only after "=" (clickc.cli): ``--profile-generate r.click`` is
#: the default profile file and the configuration r.click; ``--adapt r.click``, the default
#: settings and r.click.
EQUALS_ONLY = {"--profile-generate": "clickc.prof", "--adapt": ""}
HELP = "compile a configuration into a native router program (the default sub-command)"


def add_build_options(p: argparse.ArgumentParser) -> None:
    """The options shared by ``compile`` and ``run``: -O level, -j, --cc, --march-native,
    --cflags/--ldflags."""
    g = p.add_argument_group("code generation")
    g.add_argument("-O", dest="opt", type=int, choices=(0, 1, 2, 3), default=2,
                   metavar="LEVEL",
                   help="optimization level: -O0 (debug: -O0 -g), -O1, -O2 (default: -O3 and "
                        "link-time optimization), -O3 (-O2 plus unrolling and more)")
    g.add_argument("-j", "--threads", dest="threads", type=_positive, default=1, metavar="N",
                   help="the router runs on N threads, one per CPU (default 1); the passes "
                        "place schedulable elements on them")
    g.add_argument("--build-jobs", dest="jobs", type=int, default=0, metavar="N",
                   help="run N C compiler jobs in parallel while building (default: one per "
                        "CPU)")
    g.add_argument("--cc", default=None, metavar="CC",
                   help="C compiler (default: clang, or gcc when clang is missing)")
    g.add_argument("--march-native", action="store_true",
                   help="tune for this machine's CPU (-march=native); the program may not run "
                        "on another machine")
    g.add_argument("--cflags", action="append", default=[], metavar="FLAGS",
                   help="extra C compiler flags, e.g. --cflags=-Werror or "
                        "'--cflags=-fsanitize=address,undefined' (repeatable)")
    g.add_argument("--ldflags", action="append", default=[], metavar="FLAGS",
                   help="extra linker flags (repeatable)")
    pg = p.add_argument_group("optimizing passes (docs/passes.md)")
    pg.add_argument("--passes", metavar="A,B,C", default=None,
                    help="run exactly these passes in this order instead of the -O level's "
                         "pipeline ('' for none)")
    pg.add_argument("--list-passes", action="store_true",
                    help="list the passes with their --pass-option settings (type, "
                         "default, meaning) and each -O level's pipeline, then exit")
    pg.add_argument("--dump-after", metavar="PASS[,PASS]|all", default=None,
                    help="after these passes (or all), write the graph as flat Click and as a "
                         "Graphviz drawing into --dump-dir")
    pg.add_argument("--dump-dir", metavar="DIR", default="clickc-dump",
                    help="where --dump-after writes NN-PASS.click and NN-PASS.dot "
                         "(default: clickc-dump)")
    pg.add_argument("--explain", action="store_true",
                    help="print what each pass decided and why (placement, cuts, splits)")
    pg.add_argument("--batch", type=int, default=None, metavar="N",
                    help="process packets in bursts of up to N where elements allow "
                         "(0: one packet at a time); without it, -O2 and -O3 turn vector "
                         "mode on per region where the cost model predicts a gain "
                         "(docs/batching.md; --explain says why)")
    pg.add_argument("--pass-option", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting for a pass (--list-passes lists them; an unknown "
                         "NAME or a bad VALUE is an error; repeatable)")
    prg = p.add_argument_group("profiles (docs/profiles.md)")
    prg.add_argument("--profile-generate", nargs="?", const="clickc.prof", default=None,
                     metavar="FILE",
                     help="build a router that measures itself and writes a profile to FILE "
                          "(default clickc.prof) when it stops or on SIGUSR1; FILE only as "
                          "--profile-generate=FILE")
    prg.add_argument("--profile-use", action="append", default=[], metavar="FILE",
                     help="use measured costs from FILE (repeatable: profiles are merged) for "
                          "placement, cuts and splits")
    prg.add_argument("--adapt", nargs="?", const="", default=None, metavar="EPOCH_MS,THRESHOLD",
                     help="the router re-measures its tasks every EPOCH_MS (default 10) and moves "
                          "them between threads when the threads' loads differ by more than "
                          "THRESHOLD (default 0.25); queues between tasks get rings safe for any "
                          "thread (docs/runtime.md); the settings only as --adapt=EPOCH_MS,"
                          "THRESHOLD")
    prg.add_argument("--pgo", action="store_true",
                     help="with --profile-generate also build with clang's instrumentation "
                          "(FILE.profraw); with --profile-use also optimize with it "
                          "(llvm-profdata, -fprofile-instr-use)")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a number") from None
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def compile_options(args: argparse.Namespace, params: dict[str, str]) -> CompileOptions:
    """The :class:`~clickc.driver.CompileOptions` of the options :func:`add_build_options`
    (and ``compile``'s ``--emit``/``-o``) added to ``args``, with the parameters ``params``."""
    names = None
    if args.passes is not None:
        names = tuple(n.strip() for n in args.passes.split(",") if n.strip())
    dump = tuple(sorted({n.strip() for n in (args.dump_after or "").split(",") if n.strip()}))
    return CompileOptions(
        params=tuple(params.items()), opt=args.opt, threads=args.threads, batch=args.batch,
        passes=names, pass_options=tuple(args.pass_option), adapt=args.adapt,
        profile_generate=args.profile_generate, profile_use=tuple(args.profile_use),
        pgo=args.pgo, dump_after=dump, dump_dir=args.dump_dir, explain=args.explain,
        cc=args.cc, march_native=args.march_native, cflags=tuple(args.cflags),
        ldflags=tuple(args.ldflags), build_jobs=args.jobs,
        emit=getattr(args, "emit", "program"), output=getattr(args, "output", None))


def print_explain(options: CompileOptions, lines: list[str]) -> None:
    """``--explain``: the passes' decisions, one per line, on standard error."""
    if options.explain:
        for line in lines or ["(no pass made a decision)"]:
            print(f"clickc: {line}", file=sys.stderr)


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", nargs="?",
                   help="the Click configuration (.click file)")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="configuration parameters ($NAME in the configuration)")
    p.add_argument("-o", "--output", metavar="PROGRAM",
                   help="the program to write (with --emit c: the C file; '-' for stdout)")
    p.add_argument("--emit", choices=("program", "c", "flat"), default="program",
                   help="what to write: the native program (default), the generated C, or "
                        "the flat configuration after the passes (clickc flatten's format)")
    add_build_options(p)


def _write(text: str, output: str) -> None:
    if output == "-":
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")


def _write_c(m: RouterModel, output: str) -> None:
    """``--emit c``: the C written as it is rendered (driver.render_to), never whole in
    memory; a file left partial by a failure is removed."""
    if output == "-":
        render_to(m, sys.stdout.write)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            render_to(m, f.write)
    except BaseException:
        Path(output).unlink(missing_ok=True)
        raise


def run(args: argparse.Namespace) -> int:
    if args.list_passes:
        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    if args.config is None:
        print("clickc: no configuration given (usage: clickc [-O0..3] [-j N] CONFIG -o PROGRAM)",
              file=sys.stderr)
        return 1
    params = parse_definitions(args.params, errh)
    if args.output is None and args.emit in ("c", "flat"):
        args.output = "-"
    options = compile_options(args, params)
    validate(options, errh)
    if not Path(args.config).is_file():
        errh.error(None, f"{args.config}: No such file or directory")
    if options.output is None:
        errh.error(None, "no output given (use -o PROGRAM)")
    elif options.output != "-" and Path(options.output).is_dir():
        errh.error(None, f"{options.output}: Is a directory (-o names the file to write)")
    if errh.nerrors:
        errh.print()
        return 1
    # the driver up to the passes (--emit flat) or the C; diagnostics, then the build stage
    until = {"flat": Stage.PASSES, "c": Stage.MODEL}.get(options.emit, Stage.RENDER)
    explain: list[str] = []
    try:
        result = compile_config(Source(path=args.config), options, errh, until=until,
                                explain=explain)
    except ClickError:
        print_report(errh)
        print_explain(options, explain)
        return 1
    errh.print()  # warnings
    print_explain(options, explain)
    assert options.output is not None
    if result.optimized is not None and options.emit == "flat":
        _write(unparse(result.optimized.graph), options.output)
        return 0
    if options.emit == "c":
        assert result.model is not None
        _write_c(result.model, options.output)
        return 0
    assert result.c_text is not None
    try:
        cache_dir: Path | None = default_cache_dir()
    except OSError:
        cache_dir = None  # no writable cache: build everything every time
    try:
        build(result.c_text, Path(options.output), build_options(options, cache_dir))
    except CompileError as e:
        print(f"clickc: C compilation failed: {e}", file=sys.stderr)
        return 1
    return 0


def print_report(errh: ErrorHandler) -> None:
    """The configuration's errors, as Click's driver prints them (clickc.passes.check)."""

    report(errh)
