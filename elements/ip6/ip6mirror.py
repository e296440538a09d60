"""IP6Mirror: Swaps the source and destination addresses of the IPv6 header, and the ports of a
TCP or UDP header behind it.

Facts from Click's elements/ip6/ip6mirror.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('IP6Mirror', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
