"""PullNull: Passes pulled packets through unchanged.

Facts from Click's elements/standard/nullelement.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('PullNull', '1/1', 'l/l',
    config='none',
)
