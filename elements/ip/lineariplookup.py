"""LinearIPLookup: Route table lookup by linear search over the routes (same table syntax as
StaticIPLookup).

Facts from Click's elements/ip/lineariplookup.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.ip.iproutetable import route_table_spec

SPEC = route_table_spec(
    name='LinearIPLookup',
    doc=(
        'Route table lookup by linear search over the routes (same table syntax as '
        'StaticIPLookup).'
    ),
)
