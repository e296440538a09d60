"""RadixIPLookup: Route table lookup with a radix trie (same table syntax as StaticIPLookup).

Facts from Click's elements/ip/radixiplookup.hh and .cc.
"""

import dataclasses

from clickc.elements.ip.iproutetable import FLUSH_HANDLERS, route_table_spec

SPEC = dataclasses.replace(
    route_table_spec(name='RadixIPLookup', handlers=FLUSH_HANDLERS),
    order_free=True,
    header_delta=0,
)
