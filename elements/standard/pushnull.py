"""PushNull: Passes pushed packets through unchanged.

Facts from Click's elements/standard/nullelement.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='PushNull',
    port_count='1/1',
    processing='h/h',
    flow_code='x/x',
    config='none',
    order_free=True,
    doc='Passes pushed packets through unchanged.',
)
