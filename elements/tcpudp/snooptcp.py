"""SnoopTCP: The Snoop TCP protocol for wireless links (refused: Click's build leaves it out).

Facts from Click's elements/tcpudp/snooptcp.hh and .cc (ELEMENT_REQUIRES(false)).
"""

from clickc.elements.refuse import not_built_by_click
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SnoopTCP', '2/4', 'aa/aahh',
    config='custom',
    validate=not_built_by_click,
)
