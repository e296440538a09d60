"""StaticIPLookup: Looks up the destination-address annotation in a static route table and sends
the packet to the route's output, setting the gateway as the next hop.

Facts from Click's elements/ip/lookupiproute.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.routes import route_table

SPEC = ElementSpec(
    name='StaticIPLookup',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=route_table,
    handlers=(
        Handler('table'),
        Handler('add', read=False, write=True),
        Handler('set', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('ctrl', read=False, write=True),
        Handler('lookup', read_param=True),
    ),
    state='readonly',
    doc=(
        'Looks up the destination-address annotation in a static route table and sends '
        "the packet to the route's output, setting the gateway as the next hop."
    ),
)
