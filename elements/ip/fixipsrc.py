"""FixIPSrc: Rewrites the source address of packets with the fix-source annotation set to IPADDR.

Facts from Click's elements/ip/fixipsrc.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('FixIPSrc', '1/1', 'a/a',
    args=(Arg('IPADDR', 'ip', positional=True, required=True),),
    order_free=True,
    header_delta=0,
)
