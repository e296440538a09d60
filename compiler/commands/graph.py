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

from clickc.passes.manager import list_passes

from ..draw import DrawError, render
from ..driver import Checked, Parsed, check, check_graph, optimize, parse, validate
from ..errors import ClickError, ErrorHandler
from ..frontend.cmdline import add_config_arguments, tools_source
from ..ir import RouterGraph
from .compile import add_build_options, compile_options, print_explain

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
    """Fill the port kinds by push/pull inference (the driver's check stage without
    configuring) when the configuration passes Click's port checks; otherwise clear them
    (ports drawn undecided) and return False.  The check's messages are not printed here:
    ``clickc check`` prints them."""
    try:
        check_graph(graph, ErrorHandler(), configure=False)
    except ClickError:
        for e in graph.elements():
            e.input_kinds, e.output_kinds = [], []
        return False
    return True


def _checked(parsed: Parsed) -> Checked | None:
    """Click's checks, silently: the configuration with its arguments parsed, as the passes
    need it, or None when it fails them (:func:`_resolve_processing` first)."""
    if not _resolve_processing(parsed.graph):
        return None
    try:
        return check(parsed, ErrorHandler())
    except ClickError:
        return None


def run(args: argparse.Namespace) -> int:
    if args.list_passes:
        sys.stdout.write(list_passes())
        return 0
    errh = ErrorHandler()
    options = compile_options(args, {})
    validate(options, errh)
    found = tools_source(args, errh) if not errh.nerrors else None
    explain: list[str] = []
    try:
        if found is None:
            raise ClickError(errh)
        source, defines = found
        # the driver's parse stage as click-flatten reads, then its check and passes stages
        parsed = parse(source, defines, errh, tools=True, expand_vars=args.expand_vars)
    except ClickError:
        errh.print()
        return 1
    checked = _checked(parsed)
    if checked is not None:
        try:
            optimize(checked, options, errh, explain)
        except ClickError:
            errh.print()
            print_explain(options, explain)
            return 1
    errh.print()
    print_explain(options, explain)
    try:
        render(parsed.graph, args.output, args.format)
    except DrawError as e:
        print(f"clickc graph: {e}", file=sys.stderr)
        return 1
    return 0
