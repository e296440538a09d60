"""StrideSwitch: Sends packets to outputs in proportion to their ticket counts (stride scheduling).

Facts from Click's elements/standard/strideswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler
from clickc.elements.standard.stridesched import tickets

SPEC = ElementSpec(
    name='StrideSwitch',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=tickets,
    handlers=(
        Handler('config'),
    ),
    state='shared',
    doc=(
        'Sends packets to outputs in proportion to their ticket counts (stride '
        'scheduling).'
    ),
)
