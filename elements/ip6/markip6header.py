"""MarkIP6Header: Sets the network-header annotation to an IPv6 header at OFFSET without
checking it; the transport header follows 40 bytes later.

Facts from Click's elements/ip6/markip6header.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('MarkIP6Header', '1/1', 'a/a',
    args=(Arg('OFFSET', 'unsigned', positional=True, default=0,
              doc='bytes from the start of the data to the IPv6 header'),),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
