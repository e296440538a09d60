"""StripToNetworkHeader: Moves the start of every packet to its network header: strips the bytes
before it, or puts back bytes stripped after it.

Facts from Click's elements/standard/striptonet.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('StripToNetworkHeader', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
)
