"""PrintOld: Prints packets older than AGE milliseconds (refused: Click's build leaves it out).

Facts from Click's elements/userlevel/printold.hh and .cc (ELEMENT_REQUIRES(userlevel false):
never compiled; its source does not compile).
"""

from clickc.elements.refuse import not_built_by_click
from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('PrintOld', '1/1', 'a/a',
    config='custom',
    validate=not_built_by_click,
)
