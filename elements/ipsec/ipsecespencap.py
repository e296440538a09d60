"""IPsecESPEncap: Adds an IPsec ESP header and trailer (with padding) using the security
association annotation.

Facts from Click's elements/ipsec/esp.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='IPsecESPEncap',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    doc=(
        'Adds an IPsec ESP header and trailer (with padding) using the security '
        'association annotation.'
    ),
)
