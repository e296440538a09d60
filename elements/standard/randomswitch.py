"""RandomSwitch: Sends each packet to a random output.

Facts from Click's elements/standard/randomswitch.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('RandomSwitch', '1/1-', 'h/h',
    config='none',
    spreader=True,
)
