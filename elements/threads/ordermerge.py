"""OrderMerge: Gives the outputs of an ordered region's replicas back in their OrderSplit order.

Not a Click class: clickc's ordered replication (flow-split's ordered mode, docs/passes.md;
elements/threads/ckorder.h).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('OrderMerge', '1-16/1', 'h/l',
    args=(Arg('GROUP', 'unsigned', positional=True, required=True),),
    handlers=(
        Handler('length', doc='packets waiting for their turn'),
        Handler('drops', doc='packets dropped because their replica had too many waiting'),
    ),
    state='queue',
    c_file='threads/ordermerge.c',
    cost=25.0,
    order_group=True,
    doc=(
        'Input K takes replica K\'s output packets (pushed, on the replica\'s thread); the pull '
        "output gives them back in the order the group's OrderSplit passed their input packets "
        'on, waiting for a replica that has not finished its turn. Inserted by flow-split '
        '(clickc only, not in Click).'
    ),
)
