"""SimpleQueue: A first-in first-out packet queue without notification.

Facts from Click's elements/standard/simplequeue.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='SimpleQueue',
    port_count='1/1-2',
    processing='h/lh',
    flow_code='x/x',
    args=(
        Arg('CAPACITY', 'unsigned', positional=True, default=1000),
    ),
    handlers=(
        Handler('length'),
        Handler('highwater_length'),
        Handler('capacity', write=True),
        Handler('drops'),
        Handler('reset_counts', read=False, write=True),
        Handler('reset', read=False, write=True),
    ),
    state='queue',
    header_delta=0,
    c_helpers=('read_notifier_state',),  # queue.c's; SimpleQueue has no notifier
    doc='A first-in first-out packet queue without notification.',
)
