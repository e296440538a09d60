"""Classifier: Sends each packet to the output of the first pattern (OFFSET/VALUE%MASK byte tests)
it matches.

Facts from Click's elements/standard/classifier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.classifier.element import element_hook
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='Classifier',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=element_hook,
    handlers=(
        Handler('program'),
    ),
    state='readonly',
    doc=(
        'Sends each packet to the output of the first pattern (OFFSET/VALUE%MASK byte '
        'tests) it matches.'
    ),
)
