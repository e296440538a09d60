"""``clickc [-O0|-O1|-O2|-O3] [-j N] CONFIG [NAME=VALUE ...] -o PROGRAM``: compile a router.

The default sub-command.  ``--emit c`` writes the generated C instead of a program.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from ..backend.cc import BuildOptions, CompileError, build_program
from ..backend.pipeline import generate_c
from ..errors import ErrorHandler

INTERMIXED = True  # options may come between CONFIG and NAME=VALUE
NAME = "compile"
HELP = "compile a configuration into a native router program (the default sub-command)"

_PARAM_RE = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$", re.S)


def add_build_options(p: argparse.ArgumentParser) -> None:
    """The options shared by ``compile`` and ``run``: -O level, -j, --cc, --march-native,
    --cflags/--ldflags."""
    g = p.add_argument_group("code generation")
    g.add_argument("-O", dest="opt", type=int, choices=(0, 1, 2, 3), default=2,
                   metavar="LEVEL",
                   help="optimization level: -O0 (debug: -O0 -g), -O1, -O2 (default: -O3 and "
                        "link-time optimization), -O3 (-O2 plus unrolling and more)")
    g.add_argument("-j", dest="jobs", type=int, default=0, metavar="N",
                   help="compile with N parallel jobs (default: one per CPU)")
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


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", help="the Click configuration (.click file)")
    p.add_argument("params", nargs="*", metavar="NAME=VALUE",
                   help="configuration parameters ($NAME in the configuration)")
    p.add_argument("-o", "--output", metavar="PROGRAM",
                   help="the program to write (with --emit c: the C file; '-' for stdout)")
    p.add_argument("--emit", choices=("program", "c"), default="program",
                   help="what to write: the native program (default) or the generated C")
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
    """BuildOptions from the shared command-line options."""
    return BuildOptions(
        cc=args.cc, opt=args.opt, march_native=args.march_native,
        extra_cflags=[f for s in args.cflags for f in s.split()],
        extra_ldflags=[f for s in args.ldflags for f in s.split()],
        jobs=args.jobs,
    )


def run(args: argparse.Namespace) -> int:
    errh = ErrorHandler()
    params = parse_params(args.params, errh)
    config = Path(args.config)
    if not config.is_file():
        errh.error(None, f"{args.config}: No such file or directory")
    if args.output is None:
        if args.emit == "c":
            args.output = "-"
        else:
            errh.error(None, "no output given (use -o PROGRAM)")
    if errh.nerrors:
        errh.print()
        return 1
    c_text = generate_c(config, params, errh, opt=args.opt)
    errh.print()  # warnings
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
        build_program(c_text, Path(output), opts)
    except CompileError as e:
        print(f"clickc: C compilation failed: {e}", file=sys.stderr)
        return 1
    return 0
