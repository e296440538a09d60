"""``clickc check CONFIG [NAME=VALUE ...]``: check a configuration as Click would.

Reads and flattens the configuration (``clickc.frontend``), then runs ``clickc.passes.check``:
unknown classes, port counts, push/pull processing and connections (the checks of Click's
``click-check``), and every element's configuration arguments (Click's configure phase).  Prints
the errors as ``FILE:LINE: message`` on standard error and exits 1, or prints nothing and exits 0
when the configuration is valid.  See docs/checking.md.
"""

from __future__ import annotations

import argparse

from ..errors import ErrorHandler

NAME = "check"
HELP = "check a configuration (classes, ports, push/pull, arguments) as Click does"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", help="router configuration file")
    p.add_argument("params", metavar="NAME=VALUE", nargs="*",
                   help="configuration parameters, as for click (define($NAME ...))")
    p.add_argument("--no-configure", dest="configure", action="store_false",
                   help="skip argument parsing; check only what click-check checks, "
                        "with its messages")


def parse_defines(params: list[str], errh: ErrorHandler) -> dict[str, str] | None:
    """``NAME=VALUE`` words to a dict; a word without ``=`` is reported and gives None."""
    defines: dict[str, str] = {}
    ok = True
    for p in params:
        name, eq, value = p.partition("=")
        if not eq or not name:
            errh.error(None, f"clickc check: expected NAME=VALUE, got {p!r}")
            ok = False
        else:
            defines[name.lstrip("$")] = value
    return defines if ok else None


def run(args: argparse.Namespace) -> int:
    from clickc.passes.check import check_file, print_report

    # --no-configure imitates click-check: its words and its lexer's lines (Landmark.tools)
    errh = ErrorHandler(tools_landmarks=not args.configure)
    defines = parse_defines(args.params, errh)
    if defines is None:
        errh.print()
        return 2
    check_file(args.config, defines, errh, configure=args.configure)
    print_report(errh)
    return 1 if errh.nerrors else 0
