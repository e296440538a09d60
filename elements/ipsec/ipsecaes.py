"""IPsecAES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES.

Facts from Click's elements/ipsec/aes.hh and .cc.
"""

from clickc.elements.ipsec.cipher import cipher_spec

SPEC = cipher_spec('IPsecAES',
    cost=1500.0,
    doc=(
        "Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES-128 in Click's "
        'chaining (CBC over the first 8 bytes of each 16-byte block; not RFC 3602).'
    ),
)
