"""Null: Passes packets through unchanged.

Facts from Click's elements/standard/nullelement.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('Null', '1/1', 'a/a',
    config='none',
    order_free=True,
    header_delta=0,
    wire=True,
)
