"""FromIPSummaryDump: Reads packets described by a ToIPSummaryDump-style text file and pushes them
out.

Facts from Click's elements/analysis/fromipsumdump.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.ir import Element, RouterGraph


def summary_source(graph: RouterGraph, element: Element, args: dict[str, Any],
                   ctx: ConfigureContext) -> None:
    """FromIPSummaryDump: a FILENAME unless DATA gives the records (Click's
    FromIPSummaryDump::configure)."""
    if args.get("FILENAME") is None and args.get("DATA") is None:
        ctx.error("FILENAME: required argument missing")


SPEC = ElementSpec('FromIPSummaryDump', '0/1', 'a/a',
    args=(
        Arg('FILENAME', 'filename', positional=True),
        Arg('STOP', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('ZERO', 'bool', default=True),
        Arg('TIMING', 'bool', default=False),
        Arg('CHECKSUM', 'bool', default=False),
        Arg('SAMPLE', 'fixed28'),
        Arg('PROTO', 'byte'),
        Arg('MULTIPACKET', 'bool', default=False),
        Arg('DEFAULT_CONTENTS', 'anything'),
        Arg('DEFAULT_FIELDS', 'anything'),
        Arg('DEFAULT_FLOWID', 'anything'),
        Arg('CONTENTS', 'anything'),
        Arg('FIELDS', 'anything'),
        Arg('FLOWID', 'anything'),
        Arg('ALLOW_NONEXISTENT', 'bool', default=False),
        Arg('DATA', 'string'),
    ),
    handlers=(
        Handler('sampling_prob'),
        Handler('active', write=True),
        Handler('encap'),
        Handler('stop', read=False, write=True),
    ),
    schedulable='source',
    finite=True,
    validate=summary_source,
    # at the same configuration the file goes on where it was (docs/reconfiguration.md)
    hot=HotState(expose=('f', 'piped', 'line', 'work', 'linecap', 'pending', 'lineno', 'fields',
                         'order', 'nfields', 'binary', 'minor', 'have_flowid', 'flow_src',
                         'flow_dst', 'flow_sport', 'flow_dport', 'have_aggregate', 'aggregate',
                         'active', 'ended', 'format_complaint', 'rng', 'have_timing',
                         'timing_offset', 'mp_length', 'mp_end_ts', 'mp_delta'),
                 timers=('timer',), take=True),
)
