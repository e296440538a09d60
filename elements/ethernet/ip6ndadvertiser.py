"""IP6NDAdvertiser: Answers IPv6 neighbor solicitations for the configured IPv6 prefixes with
neighbor advertisements.

Facts from Click's elements/ethernet/ip6ndadvertiser.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='IP6NDAdvertiser',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:ip6_nd_entries',
    state='readonly',
    doc=(
        'Answers IPv6 neighbor solicitations for the configured IPv6 prefixes with '
        'neighbor advertisements.'
    ),
)
