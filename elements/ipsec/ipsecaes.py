"""IPsecAES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES.

Facts from Click's elements/ipsec/aes.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPsecAES', '1/1', 'a/a',
    args=(
        Arg('ENCRYPT', 'int', positional=True, required=True),
        Arg('IGNORE', 'unsigned', default=12,
            doc='bytes at the end left alone (clickc keyword; fixed at 12 in Click)'),
    ),
    state='none',
    per_packet=True,
    c_file='ipsec/ipsecaes.c',
    libs=('-lcrypto',),
    cost=1500.0,
    header_delta=0,
    cipher=True,
    doc=(
        "Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with AES-128 in Click's "
        'chaining (CBC over the first 8 bytes of each 16-byte block; not RFC 3602).'
    ),
)
