"""The command line's view of a configuration: where its text comes from (:class:`Source`),
and the one parser of ``NAME=VALUE`` parameter words (:func:`parse_definition`).

``NAME=VALUE`` (docs/cli.md, "Parameters"): NAME is one or more letters, digits and ``_``
followed by ``=``; VALUE is the rest of the word, possibly empty.  This is the grammar of
Click's drivers and tools, which treat every other word as the configuration file.
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import ErrorHandler

_DEFINITION = re.compile(r"([A-Za-z0-9_]+)=(.*)\Z", re.S)

#: How a configuration given as text (``-e EXPR``) is named in messages, as Click names it.
EXPR_NAME = "config"


def parse_definition(word: str) -> tuple[str, str] | None:
    """``NAME=VALUE`` -> (NAME, VALUE); None when ``word`` is not a parameter definition."""
    m = _DEFINITION.match(word)
    return (m.group(1), m.group(2)) if m else None


def parse_definitions(words: Iterable[str], errh: ErrorHandler, *,
                      duplicates: bool = True) -> dict[str, str]:
    """``NAME=VALUE`` words -> dict.  A word that is not a definition is an error
    (``'WORD' is not a parameter (expected NAME=VALUE)``).  duplicates: a later definition of
    a name replaces an earlier one (Click's driver); False: it is an error (``parameter 'NAME'
    multiply defined``, Click's tools)."""
    out: dict[str, str] = {}
    for w in words:
        d = parse_definition(w)
        if d is None:
            errh.error(None, f"'{w}' is not a parameter (expected NAME=VALUE)")
        else:
            _define(out, d, errh, duplicates)
    return out


def _define(defines: dict[str, str], d: tuple[str, str], errh: ErrorHandler,
            duplicates: bool) -> None:
    if not duplicates and d[0] in defines:
        errh.error(None, f"parameter '{d[0]}' multiply defined")
    defines[d[0]] = d[1]


@dataclass(frozen=True)
class Source:
    """Where a configuration's text comes from: the file ``path`` (``-``: standard input,
    named ``<stdin>`` in messages) or the text ``text`` itself (``-e EXPR``), named ``name``."""

    path: str | None = None
    text: str | None = None
    name: str = EXPR_NAME

    @property
    def display_name(self) -> str:
        """The configuration's name in messages and in the generated code."""
        if self.text is not None:
            return self.name
        return "<stdin>" if self.path in (None, "-") else str(self.path)


def add_config_arguments(p: argparse.ArgumentParser) -> None:
    """CONFIG, NAME=VALUE words, -f/--file, -e/--expression, -C/--clickpath and --expand-vars
    (``flatten`` and ``graph``: Click's tools' options)."""
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


def tools_source(args: argparse.Namespace,
                 errh: ErrorHandler) -> tuple[Source, dict[str, str]] | None:
    """The configuration and definitions named by :func:`add_config_arguments`'s options, as
    Click's tools read them: a ``NAME=VALUE`` word is a definition (twice the same name is an
    error), any other word the configuration file.  None after reporting errors.  Sets
    ``$CLICKPATH`` from ``-C``."""
    config: str | None = args.file
    defines: dict[str, str] = {}
    if args.file is not None and args.expression is not None:
        errh.error(None, "router configuration specified twice")
    for w in args.words:
        d = parse_definition(w)
        if d is not None:
            _define(defines, d, errh, duplicates=False)
        elif config is not None or args.expression is not None:
            errh.error(None, "router configuration specified twice")
        else:
            config = w
    if errh.nerrors:
        return None
    if args.clickpath is not None:
        os.environ["CLICKPATH"] = args.clickpath
    if args.expression is not None:
        return Source(text=args.expression), defines
    return Source(path=config or "-"), defines
