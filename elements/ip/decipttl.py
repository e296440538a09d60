"""DecIPTTL: Decrements the IP time-to-live and updates the checksum; expired packets go to output
1.

Facts from Click's elements/ip/decipttl.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='DecIPTTL',
    port_count='1/1-2',
    processing='a/ah',
    state='counters',
    concurrency='the drops counter is a relaxed atomic',
    flow_code='x/x',
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
    doc=(
        'Decrements the IP time-to-live and updates the checksum; expired packets go to '
        'output 1.'
    ),
)
