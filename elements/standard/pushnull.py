"""PushNull: Passes pushed packets through unchanged.

Facts from Click's elements/standard/nullelement.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('PushNull', '1/1', 'h/h',
    config='none',
    order_free=True,
)
