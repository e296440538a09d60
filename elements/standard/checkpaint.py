"""CheckPaint: Passes packets on output 0 and sends a copy of those painted COLOR to output 1, if
it exists.

Facts from Click's elements/standard/checkpaint.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

#: CheckPaint's and PaintTee's arguments (the same in Click's configure).
PAINT_ARGS = (
    Arg('COLOR', 'byte', positional=True, required=True),
    Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
)

SPEC = ElementSpec('CheckPaint', '1/1-2', 'a/ah',
    args=PAINT_ARGS,
    handlers=(Handler('color', write=True),),
    order_free=True,
    header_delta=0,
)
