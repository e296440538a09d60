"""OrderEnter: The head of one replica of an ordered region (marks where each input's outputs end).

Not a Click class: clickc's ordered replication (flow-split's ordered mode, docs/passes.md;
elements/threads/ckorder.h).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('OrderEnter', '1/1', 'h/h',
    args=(
        Arg('GROUP', 'unsigned', positional=True, required=True),
        Arg('REPLICA', 'unsigned', positional=True, required=True,
            doc="the OrderSplit output and OrderMerge input of this replica"),
    ),
    state='none',
    c_file='threads/orderenter.c',
    cost=10.0,
    order_group=True,
    doc=(
        'The head of replica REPLICA of an ordered region: pushes each packet into the '
        "replica and, when the push returns, tells the group's OrderMerge that every output "
        'of that packet has arrived. Inserted by flow-split (clickc only, not in Click).'
    ),
)
