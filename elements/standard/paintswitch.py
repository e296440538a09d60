"""PaintSwitch: Sends each packet to the output numbered by its paint annotation.

Facts from Click's elements/standard/paintswitch.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='PaintSwitch',
    port_count='1/-',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('ANNO', 'anno1', positional=True, default=16, doc='default: PAINT'),
    ),
    doc='Sends each packet to the output numbered by its paint annotation.',
)
