"""RangeIPLookup: Route table lookup through binary search over address ranges (same table
syntax as StaticIPLookup).

Facts from Click's elements/ip/rangeiplookup.hh and .cc: Click keeps a DirectIPLookup table
beside its range table and answers the ``table`` handler from it, so the routes are listed in
DirectIPLookup's order; a packet without a route is dropped silently.
"""

import dataclasses

from clickc.elements.ip.iproutetable import FLUSH_HANDLERS, route_table_spec

SPEC = dataclasses.replace(
    route_table_spec(name='RangeIPLookup', handlers=FLUSH_HANDLERS),
    order_free=True,
    header_delta=0,
)
