"""StaticIPLookup: Looks up the destination-address annotation in a static route table and sends
the packet to the route's output, setting the gateway as the next hop.

Facts from Click's elements/ip/lookupiproute.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.iproutetable import route_table_spec
from clickc.elements.spec import Handler

SPEC = dataclasses.replace(
    route_table_spec(
        name='StaticIPLookup',
        handlers=(
            Handler('table'),
            Handler('add', read=False, write=True, c_missing=('write',)),
            Handler('set', read=False, write=True, c_missing=('write',)),
            Handler('remove', read=False, write=True, c_missing=('write',)),
            Handler('ctrl', read=False, write=True, c_missing=('write',)),
            Handler('lookup', read_param=True),
        ),
    ),
    order_free=True,
    header_delta=0,
)
