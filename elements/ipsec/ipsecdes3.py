"""IPsecDES3: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with two-key triple DES.

Not a Click class: Click's IPsecDES (elements/ipsec/des.cc) is single DES.  This one is
IPsecDES with DES-EDE-CBC (keys: the two halves of the SA's 16-byte encryption key), the 3DES
of the SMP Click paper's VPN.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPsecDES3', '1/1', 'a/a',
    args=(
        Arg('ENCRYPT', 'int', positional=True, required=True),
        Arg('IGNORE', 'unsigned', default=12, doc='bytes at the end left alone'),
    ),
    state='none',
    per_packet=True,
    c_file='ipsec/ipsecdes3.c',
    libs=('-lcrypto',),
    cost=5000.0,
    drivers=(),
    header_delta=0,
    cipher=True,
    doc=(
        'Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with two-key triple DES '
        '(DES-EDE-CBC; clickc only, not in Click).'
    ),
)
