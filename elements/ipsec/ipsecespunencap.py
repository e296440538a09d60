"""IPsecESPUnencap: Removes an IPsec ESP header and trailer.

Facts from Click's elements/ipsec/desp.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('IPsecESPUnencap', '1/1', 'a/a',
    config='none',
    state='shared',
    concurrency='lock',
    concurrency_note=("the SA's replay window is checked and updated under the SA's spin "
                      'lock (ipsec/ipsec.h)'),
    c_file='ipsec/ipsecespunencap.c',
    libs=('-lcrypto',),
    cost=40.0,
    header_delta=-16,  # Click's ESP header: SPI, sequence number, IV (esp.hh)
    doc=(
        'Removes an IPsec ESP header and trailer after the replay check against the SA '
        'annotation (OOSIZE-packet window); packets failing the replay check or with bad '
        'padding are dropped.'
    ),
)
