"""IPsecESPUnencap: Removes an IPsec ESP header and trailer.

Facts from Click's elements/ipsec/desp.hh and .cc.
"""

from clickc.elements.ipsec.cipher import esp_spec

SPEC = esp_spec('IPsecESPUnencap',
    concurrency='lock',
    concurrency_note=("the SA's replay window is checked and updated under the SA's spin "
                      'lock (ipsec/ipsec.h)'),
    header_delta=-16,  # Click's ESP header: SPI, sequence number, IV (esp.hh)
    doc=(
        'Removes an IPsec ESP header and trailer after the replay check against the SA '
        'annotation (OOSIZE-packet window); packets failing the replay check or with bad '
        'padding are dropped.'
    ),
)
