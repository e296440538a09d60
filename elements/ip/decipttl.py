"""DecIPTTL: Decrements the IP time-to-live and updates the checksum; expired packets go to output
1.

Facts from Click's elements/ip/decipttl.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('DecIPTTL', '1/1-2', 'a/ah',
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    args=(
        Arg('ACTIVE', 'bool', default=True),
        Arg('MULTICAST', 'bool', default=True),
    ),
    handlers=(
        Handler('drops'),
        Handler('active', write=True),
    ),
    order_free=True,
    header_delta=0,
)
