"""IPsecDES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with triple DES.

Facts from Click's elements/ipsec/des.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='IPsecDES',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('ENCRYPT', 'int', positional=True, required=True),
    ),
    doc='Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with triple DES.',
)
