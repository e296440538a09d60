"""IPsecAuthHMACSHA1: Computes (VERIFY 0) or verifies (VERIFY 1) the HMAC-SHA1 authenticator of ESP
packets.

Facts from Click's elements/ipsec/hmacsha1.hh and .cc.
"""

from clickc.elements.ipsec.cipher import cipher_spec
from clickc.elements.spec import Arg, Handler

SPEC = cipher_spec('IPsecAuthHMACSHA1',
    port_count='1/-',
    args=(Arg('VERIFY', 'int', positional=True, required=True),),
    handlers=(Handler('drops', doc='packets whose digest did not match'),),
    state='counters',
    concurrency='atomic',
    concurrency_note=('the drops counter is an atomic; HMAC contexts are per thread '
                      '(ipsec/ipsec.h)'),
    cost=400.0,
    doc=(
        'Computes (VERIFY 0) or verifies (VERIFY 1) the HMAC-SHA1 authenticator of ESP '
        'packets (HMAC-SHA1-96 with the 16-byte authentication key of the SA annotation). '
        'Verification removes the 12 digest bytes; a packet whose digest does not match is '
        'counted in drops and leaves on output 1 if there is one, else it is dropped.'
    ),
)
