"""IPsecAuthHMACSHA1: Computes (VERIFY 0) or verifies (VERIFY 1) the HMAC-SHA1 authenticator of ESP
packets.

Facts from Click's elements/ipsec/hmacsha1.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='IPsecAuthHMACSHA1',
    port_count='1/-',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('VERIFY', 'int', positional=True, required=True),
    ),
    handlers=(
        Handler('drops'),
    ),
    doc=(
        'Computes (VERIFY 0) or verifies (VERIFY 1) the HMAC-SHA1 authenticator of ESP '
        'packets.'
    ),
)
