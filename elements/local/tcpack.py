"""TCPAck: Acknowledges received TCP data.

Facts from Click's elements/local/tcpack.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='TCPAck',
    port_count='2/3',
    processing='aa/aah',
    flow_code='x/x',
    args=(
        Arg('DELAY', 'milliseconds', default=0.02),
    ),
    validate=tcp_not_implemented,
    doc='Acknowledges received TCP data.',
)
