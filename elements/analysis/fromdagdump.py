"""FromDAGDump: Reads packets from a DAG/ERF trace (Endace's Extensible Record Format, or the
legacy 64-byte cells) and emits them with their timestamps.

Facts from Click's elements/analysis/fromdagdump.hh and .cc.
"""

from typing import Any

from clickc.elements.analysis.tracereader import cell_reader_handlers, window_args
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph

#: ENCAP names Click accepts (fake_pcap_parse_dlt names of the allowed link types).
ENCAPS = ('SUNATM', 'HDLC', 'ETHER', 'ATM', 'RFC1483', 'ATM_RFC1483', 'PPP', 'PPP_HDLC', 'IP')


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """FromDAGDump::configure's checks: END_CALL and STOP exclude each other; ENCAP is one of
    Click's legacy link types, else "bad encapsulation type"."""
    del graph, element
    if args.get('END_CALL') is not None and args.get('STOP'):
        ctx.error("END_CALL and STOP are mutually exclusive")
    encap = args.get('ENCAP')
    if encap is not None and str(encap) not in ENCAPS:
        ctx.error("bad encapsulation type")


SPEC = ElementSpec('FromDAGDump', '0/1-2', 'a/ah',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True,
            doc='the trace (gzip or bzip2 data is decompressed; - is standard input)'),
        Arg('STOP', 'bool', default=False, doc='stop the router at the end'),
        Arg('ACTIVE', 'bool', default=True, doc='emit packets (see the active handler)'),
        Arg('FORCE_IP', 'bool', default=False,
            doc='emit only IP packets, network header set; others go to output 1 (or are '
                'counted drops)'),
        *window_args(),
        Arg('SAMPLE', 'fixed28', doc='probability of emitting each packet (default 1)'),
        Arg('TIMING', 'bool', default=False, doc="keep the trace's inter-packet timing"),
        Arg('ENCAP', 'word', doc='legacy cells: ATM (default), SUNATM, ETHER, HDLC, PPP, '
            'PPP_HDLC or IP; given, every record is read as a legacy 64-byte cell'),
        Arg('MMAP', 'bool', default=False, doc='accepted; the file is read with stdio'),
    ),
    handlers=cell_reader_handlers(
        'the link type of the last record read (<none> before any)'),
    validate=check,
    schedulable='source',
    finite=True,
)
