"""FromFlanDump: Reads packets or flows from a Flan trace directory (refused: Click's build
leaves it out).

Facts from Click's elements/analysis/fromflandump.hh and .cc (ELEMENT_REQUIRES(userlevel int64
false): never compiled; its source is unfinished and does not compile, so it has no behaviour
to reproduce).
"""

from clickc.elements.refuse import not_built_by_click
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('FromFlanDump', '0/1', 'a/a',
    config='custom',
    validate=not_built_by_click,
)
