"""RadixIPsecLookup: Route lookup that also selects the IPsec security association of the route.

Facts from Click's elements/ipsec/radixipseclookup.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='RadixIPsecLookup',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:ipsec_route_table',
    handlers=(
        Handler('add', read=False, write=True),
        Handler('set', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('ctrl', read=False, write=True),
        Handler('table'),
        Handler('lookup'),
    ),
    state='readonly',
    doc='Route lookup that also selects the IPsec security association of the route.',
)
