"""DevirtualizeInfo: Carries hints for click-devirtualize; no packet processing (its
configuration is accepted as is).

Facts from Click's elements/standard/devirtualizeinfo.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('DevirtualizeInfo', '0/0', 'a/a',
    config='custom',
)
