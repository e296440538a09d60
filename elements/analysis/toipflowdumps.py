"""ToIPFlowDumps: Writes each flow's packets (by aggregate annotation) to a file of its own,
in the style of ToIPSummaryDump.

Facts from Click's elements/analysis/toipflowdumps.hh and .cc.
"""

from typing import Any

from clickc.elements.analysis.aggregatefirst import no_notifier
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """ToIPFlowDumps::configure's checks: a pattern without '%' warns that files will be
    overwritten; NOTIFIER as AggregateFirst's (no AggregateNotifier notifies in clickc yet)."""
    pattern = args.get('OUTPUT_PATTERN') or args.get('FILEPATTERN') or '-'
    if '%' not in str(pattern):
        ctx.warning("OUTPUT_PATTERN has no % escapes, so output files will get overwritten")
    no_notifier(graph, element, args, ctx)


SPEC = ElementSpec('ToIPFlowDumps', '1/0-1', 'a/a',
    args=(
        Arg('FILEPATTERN', 'filename', positional=True,
            doc="each flow's file name: %n aggregate (%.0n..%.3n its bytes, %.4n, %.5n its "
                'halves), %x/%X in hex, %s/%d addresses (%.0s..%.3s bytes), %S/%D ports, %p '
                'protocol (T or U), %%; a 0 flag and a width pad (default -, standard output)'),
        Arg('OUTPUT_PATTERN', 'filename', doc='FILEPATTERN, by keyword'),
        Arg('NOTIFIER', 'element', doc='an AggregateNotifier that reports deleted flows '
            '(refused: clickc has none that notifies yet)'),
        Arg('ABSOLUTE_TIME', 'bool', default=False,
            doc='absolute timestamps (default: relative to !firsttime, the first at 0.000001)'),
        Arg('ABSOLUTE_SEQ', 'bool', default=False,
            doc='absolute sequence numbers (default: relative to each direction\'s first)'),
        Arg('BINARY', 'bool', default=False,
            doc='binary records (after a !binary line) instead of text lines'),
        Arg('ALL_TCP_OPT', 'bool', default=False,
            doc='write MSS, window scale, SACK and timestamp options'),
        Arg('TCP_OPT', 'bool', default=False, doc='write MSS, window scale and SACK options'),
        Arg('TCP_WINDOW', 'bool', default=False, doc="write each TCP packet's window"),
        Arg('GZIP', 'bool', default=False, doc='compress each finished file with gzip'),
        Arg('IP_ID', 'bool', default=False, doc="write each packet's IP ID"),
        Arg('MINCOUNT', 'unsigned', default=0,
            doc='write only flows of at least this many packets'),
    ),
    handlers=(Handler('clear', read=False, write=True,
                      doc='finish every flow: write (or remove) its file'),),
    validate=check,
    schedulable='pull-sink',
    state='per-flow',
)
