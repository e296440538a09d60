"""IPsecAuthSHA1: Computes (VERIFY 0) or verifies (VERIFY 1) a keyless SHA1 digest, truncated to
12 bytes, at the end of ESP packets.

Facts from Click's elements/ipsec/sha1.hh and .cc.
"""

from clickc.elements.ipsec.cipher import cipher_spec
from clickc.elements.spec import Arg, Handler

SPEC = cipher_spec('IPsecAuthSHA1',
    port_count='1/-',
    args=(Arg('VERIFY', 'int', positional=True, required=True,
              doc='0: append the digest; anything else: verify and remove it'),),
    handlers=(Handler('drops', doc='packets whose digest did not match'),),
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is an atomic; the digest needs no state',
    cost=300.0,
    doc=(
        'Computes (VERIFY 0) or verifies (VERIFY nonzero) the SHA1 digest of the whole packet '
        '(no key), truncated to 12 bytes, as Click\'s IPsecAuthSHA1. Verification removes the '
        '12 bytes; a packet whose digest does not match is counted in drops and leaves on '
        'output 1 if there is one, else it is dropped.'
    ),
)
