"""ClickyInfo: Carries style sheets for the Clicky GUI; no packet processing.

Facts from Click's elements/standard/clickyinfo.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ClickyInfo', '0/0', 'a/a',
    config='custom',
)
