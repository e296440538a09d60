"""CheckPaint: Passes packets on output 0 and sends a copy of those painted COLOR to output 1, if
it exists.

Facts from Click's elements/standard/checkpaint.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

#: CheckPaint's and PaintTee's arguments (the same in Click's configure).
PAINT_ARGS = (
    Arg('COLOR', 'byte', positional=True, required=True),
    Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
)

SPEC = ElementSpec(
    name='CheckPaint',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    args=PAINT_ARGS,
    handlers=(
        Handler('color', write=True),
    ),
    order_free=True,
    header_delta=0,
    doc=(
        'Passes packets on output 0 and sends a copy of those painted COLOR to output 1, '
        'if it exists.'
    ),
)
