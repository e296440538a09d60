"""PaintTee: Passes packets on output 0 and sends a copy of those painted COLOR to output 1 (ICMP
redirect detection).

Facts from Click's elements/standard/painttee.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.standard.checkpaint import PAINT_ARGS

SPEC = ElementSpec('PaintTee', '1/2', 'a/ah',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 12.2 pooled cycles/packet
    cost=12.0,
    args=PAINT_ARGS,
    handlers=(Handler('color', write=True),),
    order_free=True,
    header_delta=0,
)
