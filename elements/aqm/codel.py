"""CoDel: Controlled Delay active queue management on pull: drops packets whose time in the
queue stays above TARGET for INTERVAL, ever more often until it falls below (Nichols and
Jacobson, "Controlling Queue Delay", 2012).

Facts from Click's elements/aqm/codel.hh and .cc.
"""

from clickc.elements.aqm.red_queues import red_queues
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('CoDel', '1/1', 'l/l',
    args=(
        Arg('TARGET', 'time', positional=True,
            doc='target time in the queue (Click\'s Timestamp: a bare number is seconds; '
                'default 5 ms)'),
        Arg('INTERVAL', 'time', positional=True,
            doc='the window in which the time must fall below TARGET (default 100 ms)'),
        Arg('QUEUES', 'anything',
            doc='the queues whose lengths `stats` shows (default: the nearest upstream)'),
    ),
    handlers=(
        Handler('drops'),
        Handler('codel_interval', write=True, doc='INTERVAL'),
        Handler('codel_target', write=True, doc='TARGET'),
        Handler('stats'),
        Handler('queues'),
        Handler('config'),
    ),
    state='shared',
    validate=red_queues,
    header_delta=0,
)
