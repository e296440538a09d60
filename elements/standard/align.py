"""Align: Makes packet data aligned to MODULUS/OFFSET, copying when needed.

Facts from Click's elements/standard/align.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='Align',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('MODULUS', 'unsigned', positional=True, required=True),
        Arg('OFFSET', 'unsigned', positional=True, required=True),
    ),
    validate='clickc.elements.parsers:align_modulus',
    order_free=True,
    header_delta=0,
    doc=('Makes packet data aligned to MODULUS/OFFSET, copying when needed. clickc packets '
         'start 8-byte aligned, so Align moves data only after elements that strip or push '
         'a number of bytes that breaks the requested alignment.'),
)
