"""Command-line helpers shared by the ``flatten`` and ``graph`` sub-commands."""

from __future__ import annotations

import argparse
import os
import re

from ..errors import ClickError, ErrorHandler
from ..ir import RouterGraph

_DEFINE = re.compile(r"([A-Za-z0-9_]+)=(.*)\Z", re.S)


def add_config_arguments(p: argparse.ArgumentParser) -> None:
    """CONFIG, NAME=VALUE words, -e/--expression, -C/--clickpath and --expand-vars."""
    p.add_argument("words", metavar="CONFIG | NAME=VALUE", nargs="*",
                   help="router configuration file ('-' or none: standard input) and "
                        "definitions NAME=VALUE that override the configuration's "
                        "define($NAME ...)")
    p.add_argument("-f", "--file", metavar="FILE",
                   help="read the router configuration from FILE (as click-flatten -f)")
    p.add_argument("-e", "--expression", metavar="EXPR",
                   help="use EXPR as the router configuration (file name 'config')")
    p.add_argument("-C", "--clickpath", metavar="PATH",
                   help="search PATH (colon-separated) for require(library ...) files, "
                        "instead of $CLICKPATH")
    p.add_argument("--expand-vars", action="store_true",
                   help="substitute global define values into configuration strings")


def load(args: argparse.Namespace, errh: ErrorHandler) -> RouterGraph | None:
    """Read and flatten the configuration named by ``args``; None after reporting errors.

    A word ``NAME=VALUE`` (NAME made of letters, digits, '_') is a definition, as for
    click-flatten; any other word is the configuration file."""
    from . import parse_file, parse_string

    config: str | None = args.file
    defines: dict[str, str] = {}
    if args.file is not None and args.expression is not None:
        errh.error(None, "router configuration specified twice")
    for w in args.words:
        m = _DEFINE.match(w)
        if m:
            if m.group(1) in defines:
                errh.error(None, f"parameter '{m.group(1)}' multiply defined")
            defines[m.group(1)] = m.group(2)
        elif config is not None or args.expression is not None:
            errh.error(None, "router configuration specified twice")
        else:
            config = w
    if errh.nerrors:
        return None
    if args.clickpath is not None:
        os.environ["CLICKPATH"] = args.clickpath
    try:
        if args.expression is not None:
            return parse_string(args.expression, "config", defines, errh,
                                expand_vars=args.expand_vars)
        return parse_file(config or "-", defines, errh, expand_vars=args.expand_vars)
    except ClickError:
        return None
