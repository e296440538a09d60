"""PaintSwitch: Sends each packet to the output numbered by its paint annotation.

Facts from Click's elements/standard/paintswitch.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('PaintSwitch', '1/-', 'h/h',
    args=(Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),),
)
