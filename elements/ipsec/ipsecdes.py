"""IPsecDES: Encrypts (ENCRYPT 1) or decrypts (ENCRYPT 0) ESP payloads with DES-CBC.

Facts from Click's elements/ipsec/des.hh and .cc.  Click's class is single DES (the first 8 bytes of
the SA key) despite the 3DES of the SMP Click paper; IPsecDES3 is the two-key triple-DES variant
clickc adds.
"""

from clickc.elements.ipsec.cipher import cipher_spec

SPEC = cipher_spec('IPsecDES', cost=2000.0)
