"""TimedSink: Pulls one packet every INTERVAL and drops it.

Facts from Click's elements/standard/timedsink.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='TimedSink',
    port_count='1/0',
    processing='l/l',
    flow_code='x/x',
    args=(
        Arg('INTERVAL', 'time', positional=True, default=0.5),
    ),
    handlers=(
        Handler('interval', write=True),
    ),
    schedulable='timer',
    doc='Pulls one packet every INTERVAL and drops it.',
)
