"""IPsecESPUnencap: Removes an IPsec ESP header and trailer.

Facts from Click's elements/ipsec/desp.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='IPsecESPUnencap',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    doc='Removes an IPsec ESP header and trailer.',
)
