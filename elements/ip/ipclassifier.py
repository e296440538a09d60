"""IPClassifier: Sends each IP packet to the output of the first tcpdump-like expression it
matches.

Facts from Click's elements/ip/ipclassifier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.classifier.element import element_hook
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='IPClassifier',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser=element_hook,
    handlers=(
        Handler('pattern', write=True),
        Handler('program'),
    ),
    state='readonly',
    doc=(
        'Sends each IP packet to the output of the first tcpdump-like expression it '
        'matches.'
    ),
)
