"""DecIP6HLIM: Decrements the IPv6 hop limit; expired packets go to output 1.

Facts from Click's elements/ip6/decip6hlim.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('DecIP6HLIM', '1/1-2', 'a/ah',
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    config='none',
    handlers=(Handler('drops'),),
)
