"""SetIP6Address: Sets the destination IPv6 address annotation of every packet to IP6.

Facts from Click's elements/ip6/setip6address.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('SetIP6Address', '1/1', 'a/a',
    args=(Arg('IPADDR', 'ip6', positional=True, required=True,
              doc='the IPv6 address stored in the DST_IP6 annotation'),),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
