"""Classifier: Sends each packet to the output of the first pattern (OFFSET/VALUE%MASK byte tests)
it matches.

Facts from Click's elements/standard/classifier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='Classifier',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.classifier.element:element_hook',
    handlers=(
        Handler('program'),
    ),
    state='readonly',
    order_free=True,
    header_delta=0,
    doc=(
        'Sends each packet to the output of the first pattern (OFFSET/VALUE%MASK byte '
        'tests) it matches.'
    ),
)
