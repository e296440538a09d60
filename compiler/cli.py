"""The ``clickc`` command line.

``clickc [OPTIONS] CONFIG [NAME=VALUE ...] -o PROGRAM`` compiles a router (the ``compile``
sub-command); ``clickc SUBCOMMAND ...`` runs a tool (``flatten``, ``graph``, ``check``, ``run``,
...).  ``clickc --help`` lists every sub-command; ``clickc SUBCOMMAND --help`` its options.

Exit status: 0 on success, 1 when the configuration has errors (printed as ``FILE:LINE:
message``), 2 for command-line usage errors, 70 for an internal compiler error.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import pkgutil
import sys
from types import ModuleType

from . import __version__
from . import commands as _commands_pkg
from .errors import ClickError


def _command_modules() -> dict[str, ModuleType]:
    mods: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(_commands_pkg.__path__), key=lambda i: i.name):
        mod = importlib.import_module(f"{_commands_pkg.__name__}.{info.name}")
        if hasattr(mod, "NAME") and hasattr(mod, "run"):
            mods[mod.NAME] = mod
    return mods


def _top_help(mods: dict[str, ModuleType]) -> str:
    lines = [
        "usage: clickc [-O0|-O1|-O2|-O3] [-j N] CONFIG [NAME=VALUE ...] -o PROGRAM",
        "       clickc SUBCOMMAND [OPTIONS] ...",
        "",
        "clickc compiles a Click modular-router configuration into a native router program.",
        "",
        "sub-commands:",
    ]
    for name, mod in mods.items():
        lines.append(f"  {name:<10} {mod.HELP}")
    lines += [
        "",
        "options:",
        "  -h, --help     show this help (or a sub-command's: clickc SUBCOMMAND --help)",
        "  --version      print clickc's version",
        "",
        "With no sub-command, clickc runs 'compile'; see 'clickc compile --help'.",
    ]
    return "\n".join(lines)


def make_parser(mod: ModuleType) -> argparse.ArgumentParser:
    """The argument parser of one sub-command module."""
    p = argparse.ArgumentParser(prog=f"clickc {mod.NAME}", description=mod.HELP)
    mod.add_arguments(p)
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point; returns the exit status (also used as the console script)."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    mods = _command_modules()
    if not args_in or args_in[0] in ("-h", "--help"):
        print(_top_help(mods))
        return 0 if args_in else 2
    if args_in[0] == "--version":
        print(f"clickc {__version__}")
        return 0
    if args_in[0] in mods:
        mod = mods[args_in[0]]
        args_in = args_in[1:]
    elif "compile" in mods:
        mod = mods["compile"]
    else:
        print(f"clickc: unknown sub-command {args_in[0]!r}", file=sys.stderr)
        return 2
    parser = make_parser(mod)
    # A module may rewrite its words before argparse sees them (``clickc run``'s ``--dpdk
    # ARGS... --``, whose EAL arguments look like options).
    preparse = getattr(mod, "preparse", None)
    if preparse is not None:
        args_in = preparse(args_in)
    # Options whose value may only follow '=' (as clang's -fprofile-generate=): alone they take
    # their default, so the next word stays a positional argument (issue 22, finding 9).
    eq_only: dict[str, str] = getattr(mod, "EQUALS_ONLY", {})
    args_in = [f"{a}={eq_only[a]}" if a in eq_only else a for a in args_in]
    try:
        # A module with INTERMIXED = True takes options between its positional arguments
        # (``clickc run CONFIG -h c.count NAME=VALUE``), as Click's own tools do.
        if getattr(mod, "INTERMIXED", False):
            ns = parser.parse_intermixed_args(args_in)
        else:
            ns = parser.parse_args(args_in)
    except SystemExit as e:  # argparse exits 2 on usage errors, 0 on --help
        return int(e.code or 0)
    try:
        status: int = mod.run(ns)
        return status
    except ClickError as e:
        e.errh.print()
        if e.errh.initialize_failed:  # as Click's driver ends a failed Router::initialize
            print("Router could not be initialized!", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # noqa: BLE001 - last line of defence: never a traceback
        print(f"clickc: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 70
    finally:
        if argv is None:
            # the program ends: no collection is worth walking a large router's millions of
            # objects, which the exit's collection did (docs/reliability.md)
            gc.freeze()


if __name__ == "__main__":
    sys.exit(main())
