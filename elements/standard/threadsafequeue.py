"""ThreadSafeQueue: A Queue safe for concurrent pushes and pulls from several threads.

Facts from Click's elements/standard/threadsafequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ThreadSafeQueue',
    port_count='1/1-2',
    processing='h/lh',
    flow_code='x/x',
    args=(
        Arg('CAPACITY', 'unsigned', positional=True, default=1000),
    ),
    handlers=(
        Handler('notifier_state'),
        Handler('length'),
        Handler('highwater_length'),
        Handler('capacity', write=True),
        Handler('drops'),
        Handler('reset_counts', read=False, write=True),
        Handler('reset', read=False, write=True),
    ),
    state='queue',
    doc='A Queue safe for concurrent pushes and pulls from several threads.',
)
