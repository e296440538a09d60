"""UnstripIPHeader: Puts back the bytes between the network header and the data, so that the
packet starts at its IP header again.

Facts from Click's elements/ip/unstripipheader.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('UnstripIPHeader', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
)
