"""FromNetFlowSummaryDump: Reads flow records from a NetFlow summary file (ASCII, fields
separated by '|') and emits one packet (or, with MULTIPACKET, the flow's packets) per record.

Facts from Click's elements/analysis/fromnetflowsumdump.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """FromNetFlowSummaryDump::configure's check: LINK is input, output or both (any case)."""
    del graph, element
    if str(args.get('LINK') or 'input').lower() not in ('input', 'output', 'both'):
        ctx.error("'LINK' should be 'input', 'output', or 'both'")


SPEC = ElementSpec('FromNetFlowSummaryDump', '0/1', 'a/a',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True,
            doc='the summary file (gzip or bzip2 data is decompressed; - is standard input)'),
        Arg('STOP', 'bool', default=False, doc='stop the router at the end of the file'),
        Arg('ACTIVE', 'bool', default=True, doc='emit packets (see the active handler)'),
        Arg('ZERO', 'bool', default=True,
            doc='zero the bytes the record does not set (clickc zeroes them either way)'),
        Arg('MULTIPACKET', 'bool', default=False,
            doc="emit the flow's packet count of packets, lengths and timestamps spread "
                'evenly from the flow start to its end'),
        Arg('LINK', 'word', default='input',
            doc='the PAINT annotation: input interface, output interface, or both (input in '
                'the upper 4 bits, output in the lower 4; numbers pinned at 255, or 15)'),
        Arg('TIMING', 'bool', default=False, doc="keep the records' inter-packet timing"),
    ),
    handlers=(
        Handler('active', write=True),
        Handler('encap', doc='IP'),
        Handler('filename', doc='FILENAME'),
        Handler('filesize', doc="the file's length in bytes, or - when not known"),
        Handler('filepos', doc='bytes of the file read so far'),
    ),
    validate=check,
    schedulable='source',
    finite=True,
)
