"""GetIP6Address: Copies the IPv6 address at OFFSET into the destination IPv6 address annotation.

Facts from Click's elements/ip6/getip6address.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='GetIP6Address',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True),
    ),
    doc='Copies the IPv6 address at OFFSET into the destination IPv6 address annotation.',
)
