"""StaticIPLookup: Looks up the destination-address annotation in a static route table and sends
the packet to the route's output, setting the gateway as the next hop.

Facts from Click's elements/ip/lookupiproute.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='StaticIPLookup',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.routes:route_table',
    handlers=(
        Handler('table'),
        Handler('add', read=False, write=True, c_missing=('write',)),
        Handler('set', read=False, write=True, c_missing=('write',)),
        Handler('remove', read=False, write=True, c_missing=('write',)),
        Handler('ctrl', read=False, write=True, c_missing=('write',)),
        Handler('lookup', read_param=True),
    ),
    state='readonly',
    order_free=True,
    header_delta=0,
    doc=(
        'Looks up the destination-address annotation in a static route table and sends '
        "the packet to the route's output, setting the gateway as the next hop."
    ),
)
