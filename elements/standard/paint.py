"""Paint: Sets the paint annotation (or another one-byte annotation) to COLOR.

Facts from Click's elements/standard/paint.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('Paint', '1/1', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 11.6 pooled cycles/packet
    cost=12.0,
    args=(
        Arg('COLOR', 'byte', positional=True, required=True),
        Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
    ),
    handlers=(Handler('color', write=True),),
    order_free=True,
    header_delta=0,
)
