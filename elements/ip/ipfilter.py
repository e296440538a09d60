"""IPFilter: Allows or drops IP packets (or sends them to an output) by the first matching tcpdump-
like rule.

Facts from Click's elements/ip/ipfilter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.classifier.element import element_hook
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='IPFilter',
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
        'Allows or drops IP packets (or sends them to an output) by the first matching '
        'tcpdump-like rule.'
    ),
)
