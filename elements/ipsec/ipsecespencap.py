"""IPsecESPEncap: Adds an IPsec ESP header and trailer (with padding) using the security
association annotation.

Facts from Click's elements/ipsec/esp.hh and .cc.
"""

from clickc.elements.ipsec.cipher import esp_spec

SPEC = esp_spec('IPsecESPEncap',
    concurrency='atomic',
    concurrency_note=("the SA's sequence number is taken with one atomic fetch-and-add; "
                      'cipher contexts are per thread (ipsec/ipsec.h)'),
    ip_header='esp',
    doc=(
        'Adds an IPsec ESP header and trailer (with padding) using the security '
        'association annotation. The header is 16 bytes (SPI from the IPSEC_SPI annotation, '
        "the SA's sequence number, an 8-byte random IV); padding 1, 2, 3 ... to a multiple "
        'of 8 bytes, then the pad length and the next-header byte (the protocol of the '
        'network header, 0 without one).'
    ),
)
