"""RED: Random Early Detection dropping in front of the downstream queues.

Facts from Click's elements/aqm/red.hh and .cc.
"""

from clickc.elements.aqm.red_queues import red_queues
from clickc.elements.spec import Arg, ElementSpec, Handler, HotState

SPEC = ElementSpec('RED', '1/1-2', 'a/ah',
    args=(
        Arg('MIN_THRESH', 'unsigned', positional=True, required=True),
        Arg('MAX_THRESH', 'unsigned', positional=True, required=True),
        Arg('MAX_P', 'fixed16', positional=True, required=True),
        Arg('QUEUES', 'anything'),
        Arg('STABILITY', 'unsigned', default=4),
        Arg('GENTLE', 'bool', default=True),
    ),
    handlers=(
        Handler('min_thresh', write=True),
        Handler('max_thresh', write=True),
        Handler('max_p', write=True),
        Handler('avg_queue_size'),
        Handler('stats'),
        Handler('queues'),
        Handler('config'),
        Handler('drops'),
    ),
    state='shared',
    validate=red_queues,
    queue_length_drops=True,
    # the average queue size and the drop schedule continue (Click's RED::take_state)
    hot=HotState(copy=('avg', 'count', 'random_value', 'last_jiffies', 'drops')),
           header_delta=0,
)
