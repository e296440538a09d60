"""LinkUnqueue: Models a link with LATENCY and BANDWIDTH: pulls packets and pushes them after their
transmission delay.

Facts from Click's elements/standard/linkunqueue.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('LinkUnqueue', '1/1', 'l/h',
    paced=True,
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
)
