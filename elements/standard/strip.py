"""Strip: Removes LENGTH bytes from the front of each packet.

Facts from Click's elements/standard/strip.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='Strip',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('LENGTH', 'unsigned', positional=True, required=True),
    ),
    per_packet=True,
    doc='Removes LENGTH bytes from the front of each packet.',
)
