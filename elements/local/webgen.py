"""WebGen: Generates web-like TCP connections for testing.

Facts from Click's elements/local/webgen.hh and .cc.
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('WebGen', '1/1', 'h/h',
    args=(
        Arg('PREFIX', 'ipprefix', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('RATE', 'int', positional=True, required=True),
    ),
    validate=tcp_not_implemented,
)
