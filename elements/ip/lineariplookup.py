"""LinearIPLookup: Route table lookup by linear search over the routes (same table syntax as
StaticIPLookup).

Facts from Click's elements/ip/lineariplookup.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.iproutetable import route_table_spec

SPEC = dataclasses.replace(
    route_table_spec(name='LinearIPLookup'),
    order_free=True,
    header_delta=0,
)
