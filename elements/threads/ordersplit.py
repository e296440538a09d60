"""OrderSplit: Spreads packets over replicas of a region and records the order for OrderMerge.

Not a Click class: clickc's ordered replication (flow-split's ordered mode, docs/passes.md;
elements/threads/ckorder.h).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('OrderSplit', '1/1-16', 'h/h',
    args=(
        Arg('GROUP', 'unsigned', positional=True, required=True,
            doc='the group: its OrderEnter elements and OrderMerge give the same number'),
        Arg('CAPACITY', 'unsigned', default=4096,
            doc='the reorder window: packets between this element and OrderMerge'),
        Arg('INLINE', 'bool', default=False,
            doc='output 0 leads to a replica on this thread (no queue)'),
        Arg('BACKLOG', 'unsigned', default=64,
            doc='with INLINE: the inline replica takes a packet only when every queued '
                'replica has this many waiting'),
    ),
    handlers=(Handler('drops', doc='packets dropped because the reorder window was full'),),
    state='shared',
    concurrency='lock',
    concurrency_note=('several threads executing one instance take turns (a spinlock around the '
                      'choice, the order record and the push)'),
    c_file='threads/ordersplit.c',
    cost=25.0,
    order_group=True,
    doc=(
        'Spreads a push path over the replicas of a region (output K leads to replica K, '
        'through a Queue and Unqueue or, with INLINE, output 0 directly) and records each '
        "packet's replica for the group's OrderMerge, which restores the order. A packet goes "
        'to the queued replica with the fewest unfinished packets; with INLINE, to replica 0 '
        'on this thread when every queued replica has at least BACKLOG. When CAPACITY packets '
        'are between this element and OrderMerge a packet is dropped (counted in drops). '
        'Inserted by flow-split (clickc only, not in Click).'
    ),
)
