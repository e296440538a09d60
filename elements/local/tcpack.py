"""TCPAck: Acknowledges received TCP data.

Facts from Click's elements/local/tcpack.hh and .cc.
"""

from clickc.elements.refuse import tcp_not_implemented
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('TCPAck', '2/3', 'aa/aah',
    args=(Arg('DELAY', 'milliseconds', default=0.02),),
    validate=tcp_not_implemented,
)
