"""MarkIPHeader: Sets the network-header annotation to an IP header at OFFSET without checking it.

Facts from Click's elements/ip/markipheader.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('MarkIPHeader', '1/1', 'a/a',
    args=(Arg('OFFSET', 'unsigned', positional=True, default=0),),
    order_free=True,
    header_delta=0,
    ip_header='marks',
)
