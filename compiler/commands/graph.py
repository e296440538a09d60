"""``clickc graph [-O LEVEL] [-j N] [--passes ...] CONFIG [NAME=VALUE ...] -o FILE``: draw the
router.

Flattens the configuration like ``clickc flatten``, runs Click's checks and the optimizing
passes of the -O level (or ``--passes``) with ``-j N`` threads, as ``clickc`` would before
generating code, and draws the result with Graphviz (see clickc.draw): one box per element
with its name and class, numbered input ports on top and output ports below, push ports black
and pull ports white; with several threads each element is coloured by the thread that runs
it (a legend lists the threads and their tasks) and elements inserted by passes are dashed.
A configuration that fails Click's checks is drawn as written without passes, its ports
undecided when push/pull cannot be resolved (``clickc check`` prints the messages).  The
output format follows the extension of FILE (``--format`` overrides it); ``.dot`` needs no
Graphviz.
"""

from __future__ import annotations

import argparse
import sys

from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import add_config_arguments, load
from ..ir import RouterGraph
from .compile import add_build_options, pass_options, print_explain

NAME = "graph"
HELP = "draw the router after the passes (threads as colours) with Graphviz (.dot, .svg, .png)"


def add_arguments(p: argparse.ArgumentParser) -> None:
    add_config_arguments(p)
    p.add_argument("-o", "--output", metavar="FILE", required=True,
                   help="output file; its extension picks the format (dot, svg, png, pdf)")
    p.add_argument("-T", "--format", metavar="FMT",
                   help="output format for 'dot -T' (default: from the file extension)")
    add_build_options(p)


def _resolve_processing(graph: RouterGraph) -> bool:
    """Fill the port kinds by push/pull inference (clickc.passes.pushpull) when the
    configuration passes Click's port checks; otherwise clear them (ports drawn undecided) and
    return False.  The check's messages are not printed here: ``clickc check`` prints them."""
    from clickc.passes.check import check_router

    scratch = ErrorHandler()
    if not check_router(graph, scratch, configure=False):
        for e in graph.elements():
            e.input_kinds, e.output_kinds = [], []
        return False
    return True


def _bind(graph: RouterGraph) -> bool:
    """Click's checks with the configuration arguments parsed, as the passes need them;
    False (nothing printed) when they fail."""
    from ..backend.pipeline import check_and_bind, default_frontend

    scratch = ErrorHandler()
    try:
        check_and_bind(graph, default_frontend(), scratch)
    except ClickError:
        return False
    return not scratch.nerrors


def run(args: argparse.Namespace) -> int:
    from ..backend.pipeline import default_frontend, run_optimizing_passes
    from ..draw import DrawError, render

    if args.list_passes:
        from clickc.passes.manager import list_passes

        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    popts = pass_options(args, errh)
    graph = load(args, errh) if not errh.nerrors else None
    if graph is None or errh.nerrors:
        errh.print()
        return 1
    if _resolve_processing(graph) and _bind(graph):
        try:
            run_optimizing_passes(graph, default_frontend(), errh, args.opt, popts)
        except ClickError:
            errh.print()
            if args.explain:
                print_explain(popts)
            return 1
    errh.print()
    if args.explain:
        print_explain(popts)
    try:
        render(graph, args.output, args.format)
    except DrawError as e:
        print(f"clickc graph: {e}", file=sys.stderr)
        return 1
    return 0
