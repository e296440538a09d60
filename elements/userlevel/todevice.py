"""ToDevice: Pulls packets and sends them on a network device.

Facts from Click's elements/userlevel/todevice.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ToDevice',
    port_count='1/0-2',
    processing='l/h',
    flow_code='x/x',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('DEBUG', 'bool', default=False),
        Arg('METHOD', 'word'),
        Arg('BURST', 'unsigned', default=1),
    ),
    handlers=(
        Handler('debug', write=True),
        Handler('pulls'),
        Handler('signal'),
        Handler('q'),
    ),
    schedulable='pull-sink',
    configure_phase=90,
    doc='Pulls packets and sends them on a network device.',
)
