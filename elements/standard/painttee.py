"""PaintTee: Passes packets on output 0 and sends a copy of those painted COLOR to output 1 (ICMP
redirect detection).

Facts from Click's elements/standard/painttee.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='PaintTee',
    port_count='1/2',
    processing='a/ah',
    flow_code='x/x',
    args=(
        Arg('COLOR', 'byte', positional=True, required=True),
        Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
    ),
    handlers=(
        Handler('color', write=True),
    ),
    order_free=True,
    header_delta=0,
    doc=(
        'Passes packets on output 0 and sends a copy of those painted COLOR to output 1 '
        '(ICMP redirect detection).'
    ),
)
