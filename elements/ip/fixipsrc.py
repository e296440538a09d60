"""FixIPSrc: Rewrites the source address of packets with the fix-source annotation set to IPADDR.

Facts from Click's elements/ip/fixipsrc.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('FixIPSrc', '1/1', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 11.7 pooled (9-11) cycles/packet
    cost=10.0,
    args=(Arg('IPADDR', 'ip', positional=True, required=True),),
    order_free=True,
    header_delta=0,
)
