"""FromIPSummaryDump: Reads packets described by a ToIPSummaryDump-style text file and pushes them
out.

Facts from Click's elements/analysis/fromipsumdump.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='FromIPSummaryDump',
    port_count='0/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True),
        Arg('STOP', 'bool', default=False),
        Arg('ACTIVE', 'bool', default=True),
        Arg('ZERO', 'bool', default=True),
        Arg('TIMING', 'bool', default=False),
        Arg('CHECKSUM', 'bool', default=False),
        Arg('SAMPLE', 'fixed'),
        Arg('PROTO', 'ipproto'),
        Arg('MULTIPACKET', 'bool', default=False),
        Arg('DEFAULT_CONTENTS', 'word list'),
        Arg('DEFAULT_FIELDS', 'word list'),
        Arg('DEFAULT_FLOWID', 'word list'),
        Arg('CONTENTS', 'word list'),
        Arg('FIELDS', 'word list'),
        Arg('FLOWID', 'word list'),
        Arg('ALLOW_NONEXISTENT', 'bool', default=False),
    ),
    handlers=(
        Handler('sampling_prob'),
        Handler('active', write=True),
        Handler('encap'),
        Handler('stop', read=False, write=True),
    ),
    schedulable='source',
    doc=(
        'Reads packets described by a ToIPSummaryDump-style text file and pushes them '
        'out.'
    ),
)
