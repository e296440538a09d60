"""RandomSwitch: Sends each packet to a random output.

Facts from Click's elements/standard/randomswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='RandomSwitch',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    config='none',
    spreader=True,
    doc='Sends each packet to a random output.',
)
