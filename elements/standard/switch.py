"""Switch: Sends every packet to one output, chosen by configuration and the switch handler.

Facts from Click's elements/standard/switch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='Switch',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('OUTPUT', 'int', positional=True, default=0),
    ),
    handlers=(
        Handler('switch', write=True),
        Handler('config'),
    ),
    header_delta=0,
    doc=(
        'Sends every packet to one output, chosen by configuration and the switch '
        'handler.'
    ),
)
