"""FromNLANRDump: Reads IPv4 packets (headers only) from an NLANR trace in the TSH or FR+
format and emits them with their timestamps.

Facts from Click's elements/analysis/fromnlanrdump.hh and .cc.
"""

from typing import Any

from clickc.elements.analysis.tracereader import cell_reader_handlers, window_args
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """FromNLANRDump::configure's checks: END_CALL and STOP exclude each other; FORMAT is fr,
    fr+, tsh or guess (any case), else "bad FORMAT"; guess without a known extension (.fr,
    .tsh, under .gz, .z or .bz2) warns and takes tsh.  Click's test for ".fr+" compares a
    3-character suffix with it and never holds: a .fr+ name warns too (real Click does)."""
    del graph, element
    if args.get('END_CALL') is not None and args.get('STOP'):
        ctx.error("END_CALL and STOP are mutually exclusive")
    fmt = str(args.get('FORMAT') or 'guess').lower()
    if fmt not in ('fr', 'fr+', 'tsh', 'guess'):
        ctx.error("bad FORMAT")
    elif fmt == 'guess' and guessed_format(str(args.get('FILENAME', ''))) is None:
        ctx.warning("cannot guess file format from filename, assuming 'tsh'")


def guessed_format(filename: str) -> str | None:
    """Click's guess from the file name: fr or tsh, or None (never fr+, as Click's code)."""
    name = filename.lower()
    for ext in ('.gz', '.z', '.bz2'):
        if name.endswith(ext):
            name = name[:-len(ext)]
            break
    for ext in ('.fr', '.tsh'):
        if name.endswith(ext):
            return ext[1:]
    return None


SPEC = ElementSpec('FromNLANRDump', '0/1-2', 'a/ah',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True,
            doc='the trace (gzip or bzip2 data is decompressed; - is standard input)'),
        Arg('FORMAT', 'word', default='guess', doc="fr, fr+, tsh, or guess (from the name)"),
        Arg('STOP', 'bool', default=False, doc='stop the router at the end'),
        Arg('ACTIVE', 'bool', default=True, doc='emit packets (see the active handler)'),
        Arg('FORCE_IP', 'bool', default=True, doc='ignored (always true), as in Click'),
        *window_args(),
        Arg('FILEPOS', 'unsigned64', doc='not supported by clickc (refused at initialization)'),
        Arg('SAMPLE', 'fixed28', doc='probability of emitting each packet (default 1)'),
        Arg('TIMING', 'bool', default=False, doc="keep the trace's inter-packet timing"),
        Arg('MMAP', 'bool', default=False, doc='accepted; the file is read with stdio'),
    ),
    handlers=cell_reader_handlers(
        'IP', Handler('packet_filepos', doc='file position of the last record read')),
    validate=check,
    schedulable='source',
    finite=True,
)
