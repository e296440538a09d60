"""CPUSwitch: Sends each packet to the output numbered by the thread that pushes it, modulo the
number of outputs.

Facts from Click's elements/standard/cpuswitch.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('CPUSwitch', '1/1-', 'h/h',
    config='none',
    header_delta=0,
)
