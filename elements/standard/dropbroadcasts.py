"""DropBroadcasts: Drops packets that arrived as link-level broadcasts or multicasts.

Facts from Click's elements/standard/dropbroadcasts.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='DropBroadcasts',
    port_count='1/1-2',
    processing='a/ah',
    state='counters',
    concurrency="the drops counter is a relaxed atomic; the first drop's message is printed once",
    flow_code='x/x',
    config='none',
    handlers=(
        Handler('drops'),
    ),
    order_free=True,
    header_delta=0,
    doc='Drops packets that arrived as link-level broadcasts or multicasts.',
)
