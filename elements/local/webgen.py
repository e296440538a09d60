"""WebGen: Generates web-like TCP connections for testing.

Facts from Click's elements/local/webgen.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='WebGen',
    port_count='1/1',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('PREFIX', 'ipprefix', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('RATE', 'int', positional=True, required=True),
    ),
    validate=tcp_not_implemented,
    doc='Generates web-like TCP connections for testing.',
)
