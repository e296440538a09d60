"""ToyTCP: A toy TCP endpoint used for testing.

Facts from Click's elements/local/toytcp.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='ToyTCP',
    port_count='1/1',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('DPORT', 'port', positional=True, required=True),
    ),
    validate=tcp_not_implemented,
    doc='A toy TCP endpoint used for testing.',
)
