"""TimedSource: Pushes a copy of a packet every INTERVAL.

Facts from Click's elements/standard/timedsource.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.elements.standard.infinitesource import DATA_ARG

SPEC = ElementSpec('TimedSource', '0/1', 'h/h',
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
    # the next emission keeps its time (docs/reconfiguration.md)
    hot=HotState(expose=('count', 'limit', 'active'), timers=('timer',), take=True),
)
