"""ToIPSummaryDump: Writes one text (or binary) line per packet with the requested IP header
fields.

Facts from Click's elements/analysis/toipsumdump.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ToIPSummaryDump',
    port_count='1/0-1',
    processing='a/h',
    flow_code='x/x',
    args=(
        Arg('FILENAME', 'filename', positional=True, required=True),
        Arg('CONTENTS', 'anything', default='timestamp ip_src'),
        Arg('FIELDS', 'anything'),
        Arg('DATA', 'anything', deprecated=True),
        Arg('VERBOSE', 'bool', default=False),
        Arg('HEADER', 'bool', default=True),
        Arg('BANNER', 'string'),
        Arg('MULTIPACKET', 'bool', default=False),
        Arg('BAD_PACKETS', 'bool', default=False),
        Arg('CAREFUL_TRUNC', 'bool', default=True),
        Arg('EXTRA_LENGTH', 'bool', default=True),
        Arg('BINARY', 'bool', default=False),
    ),
    handlers=(
        Handler('flush', read=False, write=True),
    ),
    schedulable='pull-sink',
    empty_signal=True,
    state='shared',
    doc='Writes one text (or binary) line per packet with the requested IP header fields.',
)
