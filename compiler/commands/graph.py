"""``clickc graph CONFIG [NAME=VALUE ...] -o FILE.{dot,svg,png}``: draw the flat router.

Flattens the configuration like ``clickc flatten`` and draws it with Graphviz (see
clickc.draw): one box per element with its name and class, numbered input ports on top and
output ports below; push ports black and pull ports white once push/pull is known.  The output
format follows the extension of FILE (``--format`` overrides it); ``.dot`` needs no Graphviz.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import ErrorHandler
from ..frontend.cmdline import add_config_arguments, load
from ..ir import RouterGraph

NAME = "graph"
HELP = "draw the flattened configuration with Graphviz (.dot, .svg, .png)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_config_arguments(p)
    p.add_argument("-o", "--output", metavar="FILE", required=True,
                   help="output file; its extension picks the format (dot, svg, png, pdf)")
    p.add_argument("-T", "--format", metavar="FMT",
                   help="output format for 'dot -T' (default: from the file extension)")


def _resolve_processing(graph: RouterGraph) -> None:
    """Fill the port kinds by push/pull inference (clickc.passes.pushpull) when the
    configuration passes Click's checks; otherwise leave them empty (ports drawn undecided).
    The check's messages are not printed here: ``clickc check`` prints them."""
    from clickc.passes.check import check_router

    scratch = ErrorHandler()
    if not check_router(graph, scratch, configure=False):
        for e in graph.elements():
            e.input_kinds, e.output_kinds = [], []


def run(args: argparse.Namespace) -> int:
    from ..draw import DrawError, render

    errh = ErrorHandler()
    graph = load(args, errh)
    errh.print()
    if graph is None or errh.nerrors:
        return 1
    _resolve_processing(graph)
    try:
        render(graph, args.output, args.format)
    except DrawError as e:
        print(f"clickc graph: {e}", file=sys.stderr)
        return 1
    return 0
