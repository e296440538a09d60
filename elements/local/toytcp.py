"""ToyTCP: A toy TCP endpoint used for testing.

Facts from Click's elements/local/toytcp.hh and .cc.
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('ToyTCP', '1/1', 'h/h',
    args=(Arg('DPORT', 'port', positional=True, required=True),),
    validate=tcp_not_implemented,
)
