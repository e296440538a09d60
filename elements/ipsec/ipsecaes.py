"""IPsecAES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES.

Facts from Click's elements/ipsec/aes.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='IPsecAES',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('ENCRYPT', 'int', positional=True, required=True),
    ),
    doc='Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES.',
)
