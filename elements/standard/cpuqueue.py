"""CPUQueue: A first-in first-out queue per thread: a push goes to the pushing thread's queue,
a pull takes from the queues in turn.

Facts from Click's elements/standard/cpuqueue.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler, HotState
from clickc.elements.standard.simplequeue import SIMPLE_QUEUES

SPEC = ElementSpec('CPUQueue', '1/1-', 'h/l',
    args=(Arg('CAPACITY', 'unsigned', positional=True, default=128,
              doc='packets each thread\'s queue holds'),),
    handlers=(
        Handler('capacity'),
        Handler('drops', doc='packets dropped because their thread\'s queue was full'),
    ),
    state='shared',
    concurrency='atomic',
    concurrency_note=('one single-producer ring per thread (the pushing thread owns its ring\'s '
                      'tail); the puller reads the heads; the drops counter is a relaxed '
                      'atomic'),
    header_delta=0,
    # the packets move (from a CPUQueue or any SimpleQueue-family queue: clickc's extension of
    # Click's rule) and `drops` continues (docs/reconfiguration.md)
    hot=HotState(copy=('drops',), take=True, drain=True, accepts=SIMPLE_QUEUES),
)
