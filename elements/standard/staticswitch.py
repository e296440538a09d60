"""StaticSwitch: Sends every packet to output OUTPUT, fixed at configuration (-1 drops).

Facts from Click's elements/standard/staticswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='StaticSwitch',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('OUTPUT', 'int', positional=True, required=True),
    ),
    static_switch=True,
    doc='Sends every packet to output OUTPUT, fixed at configuration (-1 drops).',
)
