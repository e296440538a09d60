"""IPClassifier: Sends each IP packet to the output of the first tcpdump-like expression it
matches.

Facts from Click's elements/ip/ipclassifier.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='IPClassifier',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.classifier.element:element_hook',
    handlers=(
        Handler('pattern', write=True, c_missing=('read', 'write')),
        Handler('program'),
    ),
    state='readonly',
    order_free=True,
    header_delta=0,
    ip_rules=True,
    doc=(
        'Sends each IP packet to the output of the first tcpdump-like expression it '
        'matches.'
    ),
)
