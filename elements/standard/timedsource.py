"""TimedSource: Pushes a copy of a packet every INTERVAL.

Facts from Click's elements/standard/timedsource.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.elements.standard.infinitesource import DATA_ARG

SPEC = ElementSpec(
    name='TimedSource',
    port_count='0/1',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('INTERVAL', 'time', positional=True, default=0.5),
        DATA_ARG,
        Arg('LIMIT', 'int', default=-1),
        Arg('ACTIVE', 'bool', default=True),
        Arg('STOP', 'bool', default=False),
        Arg('HEADROOM', 'unsigned'),
    ),
    handlers=(
        Handler('data', write=True),
        Handler('interval', write=True),
        Handler('active', write=True),
        Handler('headroom', write=True),
        Handler('reset', read=False, write=True),
        Handler('limit', write=True),
        Handler('count'),
    ),
    schedulable='timer',
    doc='Pushes a copy of a packet every INTERVAL.',
)
