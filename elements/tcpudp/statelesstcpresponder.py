"""StatelessTCPResponder: Answers TCP packets from a fixed payload without connection state
(refused: Click's build leaves it out).

Facts from Click's elements/tcpudp/statelesstcpresp.hh and .cc (ELEMENT_REQUIRES(false)).
"""

from clickc.elements.refuse import not_built_by_click
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('StatelessTCPResponder', '-/-', 'a/a',
    config='custom',
    validate=not_built_by_click,
)
