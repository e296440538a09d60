"""HashSwitch: Chooses an output by hashing LENGTH bytes of the packet at OFFSET.

Facts from Click's elements/standard/hashswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='HashSwitch',
    port_count='1/1-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, required=True),
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    spreader=True,
    header_delta=0,
    doc='Chooses an output by hashing LENGTH bytes of the packet at OFFSET.',
)
