"""IPsecDES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with DES-CBC.

Facts from Click's elements/ipsec/des.hh and .cc.  Click's class is single DES (the first 8 bytes of
the SA key) despite the 3DES of the SMP Click paper; IPsecDES3 is the two-key triple-DES variant
clickc adds.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPsecDES', '1/1', 'a/a',
    args=(
        Arg('ENCRYPT', 'int', positional=True, required=True),
        Arg('IGNORE', 'unsigned', default=12,
            doc='bytes at the end left alone (clickc keyword; Click documents it, fixed at 12)'),
    ),
    state='none',
    per_packet=True,
    c_file='ipsec/ipsecdes.c',
    libs=('-lcrypto',),
    cost=2000.0,
    header_delta=0,
    cipher=True,
)
