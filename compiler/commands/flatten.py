"""``clickc flatten CONFIG [NAME=VALUE ...] [-e EXPR] [-o FILE]``: print the flat router.

Reads a configuration, expands every compound element and prints the result exactly as Click's
click-flatten does: ``require``/``define`` lines, one ``NAME :: CLASS(CONFIG);`` declaration per
element preceded by a ``# LINE "FILE"`` directive, then the connections as chains.  ``-n``,
``-c`` and ``-d`` print sorted element names, classes or declarations instead.  Errors are
printed as ``FILE:LINE: message``; the exit status is then 1.  See docs/cli.md.
"""

from __future__ import annotations

import argparse
import sys

from ..driver import parse
from ..errors import ClickError, ErrorHandler
from ..frontend import unparse
from ..frontend.cmdline import add_config_arguments, tools_source

NAME = "flatten"
HELP = "print the flattened configuration (compounds expanded), as click-flatten does"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_config_arguments(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of stdout")
    what = p.add_mutually_exclusive_group()
    what.add_argument("-n", "--names", dest="action", action="store_const", const="names",
                      help="print the sorted element names instead")
    what.add_argument("-c", "--classes", dest="action", action="store_const", const="classes",
                      help="print the sorted primitive classes used instead")
    what.add_argument("-d", "--declarations", dest="action", action="store_const",
                      const="decls", help="print sorted 'NAME :: CLASS' lines instead")


def run(args: argparse.Namespace) -> int:
    errh = ErrorHandler(tools_landmarks=True)   # click-flatten's lines for declarations
    found = tools_source(args, errh)
    try:
        if found is None:
            raise ClickError(errh)
        # the driver's parse stage only, as click-flatten reads
        graph = parse(found[0], found[1], errh, tools=True,
                      expand_vars=args.expand_vars).graph
    except ClickError:
        errh.print()
        return 1
    errh.print()
    if errh.nerrors:
        return 1
    if args.action == "names":
        text = "".join(n + "\n" for n in sorted(e.name for e in graph.elements()))
    elif args.action == "classes":
        text = "".join(c + "\n" for c in sorted(set(graph.iter_classes())))
    elif args.action == "decls":
        text = "".join(d + "\n" for d in sorted(f"{e.name} :: {e.class_name}"
                                                for e in graph.elements()))
    else:
        if args.expand_vars:
            graph.defines = {}   # as click-flatten --expand-vars: values are in the configs
        text = unparse(graph)
    if args.output and args.output != "-":
        try:
            with open(args.output, "w", encoding="utf-8", errors="surrogateescape") as f:
                f.write(text)
        except OSError as e:
            print(f"{args.output}: {e.strerror}", file=sys.stderr)
            return 1
    else:
        sys.stdout.flush()
        out = getattr(sys.stdout, "buffer", None)
        if out is not None:   # bytes that were not UTF-8 come back out unchanged
            out.write(text.encode("utf-8", "surrogateescape"))
            out.flush()
        else:
            sys.stdout.write(text)
    return 0
