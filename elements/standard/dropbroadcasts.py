"""DropBroadcasts: Drops packets that arrived as link-level broadcasts or multicasts.

Facts from Click's elements/standard/dropbroadcasts.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('DropBroadcasts', '1/1-2', 'a/ah',
    state='counters',
    concurrency='atomic',
    concurrency_note=("the drops counter is a relaxed atomic; the first drop's message is "
                      'printed once'),
    config='none',
    handlers=(Handler('drops'),),
    order_free=True,
    header_delta=0,
)
