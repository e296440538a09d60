"""RadixIPLookup: Route table lookup with a radix trie (same table syntax as StaticIPLookup).

Facts from Click's elements/ip/radixiplookup.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.routes import route_table

SPEC = ElementSpec(
    name='RadixIPLookup',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=route_table,
    handlers=(
        Handler('flush', read=False, write=True),
        Handler('add', read=False, write=True),
        Handler('set', read=False, write=True),
        Handler('remove', read=False, write=True),
        Handler('ctrl', read=False, write=True),
        Handler('table'),
        Handler('lookup', read_param=True),
    ),
    state='readonly',
    doc='Route table lookup with a radix trie (same table syntax as StaticIPLookup).',
)
