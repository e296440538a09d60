"""``clickc check CONFIG [NAME=VALUE ...]``: check a configuration as Click would.

The driver's parse and check stages (clickc.driver; ``clickc.passes.check``):
unknown classes, port counts, push/pull processing and connections (the checks of Click's
``click-check``), and every element's configuration arguments (Click's configure phase).  Prints
the errors as ``FILE:LINE: message`` on standard error and exits 1, or prints nothing and exits 0
when the configuration is valid.  See docs/checking.md.
"""

from __future__ import annotations

import argparse

from clickc.passes.check import add_suggestions, print_report

from ..driver import check, parse
from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import Source, parse_definitions

NAME = "check"
HELP = "check a configuration (classes, ports, push/pull, arguments) as Click does"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("config", metavar="CONFIG", help="router configuration file")
    p.add_argument("params", metavar="NAME=VALUE", nargs="*",
                   help="configuration parameters, as for click (define($NAME ...))")
    p.add_argument("--no-configure", dest="configure", action="store_false",
                   help="skip argument parsing; check only what click-check checks, "
                        "with its messages")


def run(args: argparse.Namespace) -> int:
    # --no-configure imitates click-check: its words and its lexer's lines (Landmark.tools)
    errh = ErrorHandler(tools_landmarks=not args.configure)
    defines = parse_definitions(args.params, errh)
    if errh.nerrors:
        errh.print()
        return 2
    try:
        parsed = parse(Source(path=args.config), defines, errh)
    except ClickError:
        add_suggestions(errh)   # "did you mean" for unknown classes (clickc check only)
    else:
        try:
            check(parsed, errh, configure=args.configure, driver=args.configure)
        except ClickError:
            pass
    print_report(errh)
    return 1 if errh.nerrors else 0
