"""IPsecDES3: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with two-key triple DES.

Not a Click class: Click's IPsecDES (elements/ipsec/des.cc) is single DES.  This one is
IPsecDES with DES-EDE-CBC (keys: the two halves of the SA's 16-byte encryption key), the 3DES
of the SMP Click paper's VPN.
"""

import dataclasses

from clickc.elements.ipsec.cipher import cipher_spec

SPEC = dataclasses.replace(
    cipher_spec('IPsecDES3',
        cost=5000.0,
        doc=(
            'Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with two-key triple DES '
            '(DES-EDE-CBC; clickc only, not in Click).'
        ),
    ),
    drivers=(),
)
