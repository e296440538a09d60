"""GetIP6Address: Copies the IPv6 address at OFFSET into the destination IPv6 address annotation.

Facts from Click's elements/ip6/getip6address.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('GetIP6Address', '1/1', 'a/a',
    args=(Arg('OFFSET', 'unsigned', positional=True, required=True),),
)
