"""Paint: Sets the paint annotation (or another one-byte annotation) to COLOR.

Facts from Click's elements/standard/paint.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='Paint',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('COLOR', 'byte', positional=True, required=True),
        Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
    ),
    handlers=(Handler('color', write=True),),
    order_free=True,
    header_delta=0,
    doc='Sets the paint annotation (or another one-byte annotation) to COLOR.',
)
