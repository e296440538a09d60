"""SetTimestamp: Sets the packet timestamp annotation to the current time or TIMESTAMP.

Facts from Click's elements/standard/settimestamp.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='SetTimestamp',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('TIMESTAMP', 'time', positional=True),
        Arg('FIRST', 'bool', default=False),
        Arg('DELTA', 'bool', default=False),
    ),
    validate='clickc.elements.parsers:set_timestamp',
    doc='Sets the packet timestamp annotation to the current time or TIMESTAMP.',
)
