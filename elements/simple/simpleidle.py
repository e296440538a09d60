"""SimpleIdle: Never pushes or pulls packets: pushed packets are dropped, pulls return nothing
(Idle without notification).

Facts from Click's elements/simple/simpleidle.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SimpleIdle', '-/-', 'a/a', 'x/y',
    config='none',
)
