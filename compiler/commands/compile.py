"""``clickc [-O0|-O1|-O2|-O3] [-j N] CONFIG [NAME=VALUE ...] -o PROGRAM``: compile a router.

The default sub-command.  ``--emit c`` writes the generated C instead of a program.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from clickc.passes.manager import DumpSpec, list_passes

from ..backend.cc import BuildOptions, CompileError, build_program
from ..backend.pipeline import PassOptions, generate_c
from ..errors import ClickError, ErrorHandler

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
NAME = "compile"
HELP = "compile a configuration into a native router program (the default sub-command)"

_PARAM_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)
#: ``--pass-option`` names may be dotted (``placement.strategy``: the pass, then the setting).
_OPTION_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_.]*)=(.*)$", re.S)
#: ``--adapt[=EPOCH_MS,THRESHOLD]`` (either part may be left out).
_ADAPT_RE = re.compile(r"^(?:[1-9][0-9]{0,4})?(?:,(?:0?\.[0-9]*[1-9][0-9]*))?$")


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
    pg.add_argument("--batch", type=int, default=0, metavar="N",
                    help="process packets in bursts of up to N where elements allow "
                         "(0: one packet at a time)")
    pg.add_argument("--pass-option", action="append", default=[], metavar="NAME=VALUE",
                    help="a setting for a pass (--list-passes lists them; an unknown "
                         "NAME or a bad VALUE is an error; repeatable)")
    prg = p.add_argument_group("profiles (docs/profiles.md)")
    prg.add_argument("--profile-generate", nargs="?", const="clickc.prof", default=None,
                     metavar="FILE",
                     help="build a router that measures itself and writes a profile to FILE "
                          "(default clickc.prof) when it stops or on SIGUSR1")
    prg.add_argument("--profile-use", action="append", default=[], metavar="FILE",
                     help="use measured costs from FILE (repeatable: profiles are merged) for "
                          "placement, cuts and splits")
    prg.add_argument("--adapt", nargs="?", const="", default=None, metavar="EPOCH_MS,THRESHOLD",
                     help="the router re-measures its tasks every EPOCH_MS (default 10) and moves "
                          "them between threads when the threads' loads differ by more than "
                          "THRESHOLD (default 0.25); queues between tasks get rings safe for any "
                          "thread (docs/runtime.md)")
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


def pass_options(args: argparse.Namespace, errh: ErrorHandler) -> PassOptions:
    """The PassOptions the command line asks for (-j, --batch, --passes, --dump-after,
    --pass-option); malformed items are errors in ``errh``."""
    names = None
    if args.passes is not None:
        names = [n.strip() for n in args.passes.split(",") if n.strip()]
    dump = None
    if args.dump_after:
        dump = DumpSpec({n.strip() for n in args.dump_after.split(",") if n.strip()},
                        Path(args.dump_dir))
    options: dict[str, str] = {}
    for item in args.pass_option:
        m = _OPTION_RE.match(item)
        if m is None:
            errh.error(None, f"--pass-option '{item}': expected NAME=VALUE")
            continue
        options[m.group(1)] = m.group(2)
    if args.batch < 0:
        errh.error(None, "--batch must be 0 or more")
    adapt = getattr(args, "adapt", None)
    if adapt is not None:
        if not _ADAPT_RE.match(adapt):
            errh.error(None, f"--adapt={adapt}: expected EPOCH_MS,THRESHOLD (whole milliseconds "
                             "from 1, a threshold between 0 and 1, e.g. --adapt=10,0.25); a "
                             "bare --adapt takes the next word as its value unless another "
                             "option follows it")
        options.setdefault("placement.adapt", "1")
    return PassOptions(nthreads=args.threads, batch=max(0, args.batch), names=names, dump=dump,
                       options=options, profile_generate=args.profile_generate,
                       profile_use=list(args.profile_use))


def print_explain(popts: PassOptions) -> None:
    """``--explain``: the passes' decisions, one per line, on standard error."""
    for line in popts.explain or ["(no pass made a decision)"]:
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


def parse_params(items: list[str], errh: ErrorHandler) -> dict[str, str]:
    """``NAME=VALUE`` items -> dict (later ones win); a malformed item is an error."""
    out: dict[str, str] = {}
    for it in items:
        m = _PARAM_RE.match(it)
        if m is None:
            errh.error(None, f"'{it}' is not a parameter (expected NAME=VALUE)")
            continue
        out[m.group(1)] = m.group(2)
    return out


def build_options(args: argparse.Namespace) -> BuildOptions:
    """BuildOptions from the shared command-line options (``--adapt`` adds
    ``-DCK_ADAPT_SPEC``)."""
    opts = BuildOptions(
        cc=args.cc, opt=args.opt, march_native=args.march_native,
        extra_cflags=[f for s in args.cflags for f in s.split()],
        extra_ldflags=[f for s in args.ldflags for f in s.split()],
        jobs=args.jobs,
        pgo_generate=(str(Path(args.profile_generate).resolve()) + ".profraw"
                      if args.pgo and args.profile_generate else None),
    )
    adapt = getattr(args, "adapt", None)
    if adapt is not None:
        # the runtime (runtime/main.c) turns re-balancing on with this setting as its default
        opts.extra_cflags.append(f'-DCK_ADAPT_SPEC="{adapt}"')
    return opts


def apply_pgo(opts: BuildOptions, args: argparse.Namespace) -> None:
    """``--profile-use FILE --pgo``: merge every FILE.profraw into ``opts.pgo_use``.  Raises
    CompileError (missing raw profile, no llvm-profdata)."""
    if not (args.pgo and args.profile_use):
        return
    from ..backend.cc import merge_pgo_profiles

    opts.pgo_use = merge_pgo_profiles([Path(f + ".profraw") for f in args.profile_use],
                                      opts.cache_dir)


def _print_report(errh: ErrorHandler) -> None:
    from clickc.passes.check import print_report

    print_report(errh)


def _emit_flat(config: Path, params: dict[str, str], errh: ErrorHandler,
               args: argparse.Namespace, popts: PassOptions) -> int:
    """``--emit flat``: parse, check, run the passes and write the flat router (no C)."""
    from ..backend import pipeline as pl
    from ..frontend.unparse import unparse

    fe = pl.default_frontend()
    try:
        graph = pl._parse(fe, config, params, errh)
        if graph is None:
            raise ClickError(errh)
        pl.check_and_bind(graph, fe, errh)
        pl.run_optimizing_passes(graph, fe, errh, args.opt, popts)
    except ClickError:
        _print_report(errh)
        if args.explain:
            print_explain(popts)
        return 1
    errh.print()
    if args.explain:
        print_explain(popts)
    text = unparse(graph)
    if str(args.output) == "-":
        sys.stdout.write(text)
    else:
        Path(str(args.output)).write_text(text, encoding="utf-8")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.list_passes:
        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    if args.config is None:
        print("clickc: no configuration given (usage: clickc [-O0..3] [-j N] CONFIG -o PROGRAM)",
              file=sys.stderr)
        return 1
    params = parse_params(args.params, errh)
    popts = pass_options(args, errh)
    config = Path(args.config)
    if not config.is_file():
        errh.error(None, f"{args.config}: No such file or directory")
    if args.output is None:
        if args.emit in ("c", "flat"):
            args.output = "-"
        else:
            errh.error(None, "no output given (use -o PROGRAM)")
    elif args.output != "-" and Path(args.output).is_dir():
        errh.error(None, f"{args.output}: Is a directory (-o names the file to write)")
    if errh.nerrors:
        errh.print()
        return 1
    if args.emit == "flat":
        return _emit_flat(config, params, errh, args, popts)
    try:
        c_text = generate_c(config, params, errh, opt=args.opt, passes=popts)
    except ClickError:
        _print_report(errh)
        if args.explain:
            print_explain(popts)
        return 1
    errh.print()  # warnings
    if args.explain:
        print_explain(popts)
    output = str(args.output)
    if args.emit == "c":
        if output == "-":
            sys.stdout.write(c_text)
        else:
            Path(output).write_text(c_text, encoding="utf-8")
        return 0
    from ..backend.cc import default_cache_dir

    opts = build_options(args)
    try:
        opts.cache_dir = default_cache_dir()
    except OSError:
        opts.cache_dir = None  # no writable cache: build everything every time
    try:
        apply_pgo(opts, args)
        build_program(c_text, Path(output), opts)
    except CompileError as e:
        print(f"clickc: C compilation failed: {e}", file=sys.stderr)
        return 1
    return 0
