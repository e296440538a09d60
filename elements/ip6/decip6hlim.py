"""DecIP6HLIM: Decrements the IPv6 hop limit; expired packets go to output 1.

Facts from Click's elements/ip6/decip6hlim.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='DecIP6HLIM',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    state='counters',
    concurrency='the drops counter is a relaxed atomic',
    config='none',
    handlers=(
        Handler('drops'),
    ),
    doc='Decrements the IPv6 hop limit; expired packets go to output 1.',
)
