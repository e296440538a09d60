"""StrideSwitch: Sends packets to outputs in proportion to their ticket counts (stride scheduling).

Facts from Click's elements/standard/strideswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='StrideSwitch',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:tickets',
    handlers=(
        Handler('config'),
    ),
    state='shared',
    spreader=True,
    header_delta=0,
    click_flags='S0',
    doc=(
        'Sends packets to outputs in proportion to their ticket counts (stride '
        'scheduling).'
    ),
)
