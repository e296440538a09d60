"""Null: Passes packets through unchanged.

Facts from Click's elements/standard/nullelement.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='Null',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    order_free=True,
    header_delta=0,
    wire=True,
    doc='Passes packets through unchanged.',
)
