"""DirectIPLookup: Route table lookup with the DIR-24-8 direct table (same table syntax as
StaticIPLookup).

Facts from Click's elements/ip/directiplookup.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.iproutetable import FLUSH_HANDLERS, route_table_spec

SPEC = dataclasses.replace(
    route_table_spec(name='DirectIPLookup', handlers=FLUSH_HANDLERS),
    order_free=True,
    header_delta=0,
)
