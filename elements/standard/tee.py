"""Tee: Copies each packet to all of its outputs.

Facts from Click's elements/standard/tee.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='Tee',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('N', 'unsigned', positional=True),
    ),
    validate='clickc.elements.parsers:tee_arms',
    order_free=True,
    header_delta=0,
    removable_outputs=True,
    doc='Copies each packet to all of its outputs.',
)
