"""LinkUnqueue: Models a link with LATENCY and BANDWIDTH: pulls packets and pushes them after their
transmission delay.

Facts from Click's elements/standard/linkunqueue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='LinkUnqueue',
    port_count='1/1',
    processing='l/h',
    flow_code='x/x',
    args=(
        Arg('LATENCY', 'time', positional=True, required=True),
        Arg('BANDWIDTH', 'bandwidth', positional=True, required=True),
    ),
    handlers=(
        Handler('latency', write=True),
        Handler('bandwidth', write=True),
        Handler('size'),
        Handler('reset', read=False, write=True),
    ),
    schedulable='unqueue',
    state='shared',
    doc=(
        'Models a link with LATENCY and BANDWIDTH: pulls packets and pushes them after '
        'their transmission delay.'
    ),
)
