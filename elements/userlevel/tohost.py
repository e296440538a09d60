"""ToHost: Hands packets to the host operating system (user level: a tun/tap device).

Facts from Click's elements/userlevel/tohost.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ToHost',
    port_count='1/0',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('DEVNAME', 'string', positional=True, required=True),
    ),
    handlers=(
        Handler('dev_name'),
        Handler('drops'),
    ),
    configure_phase=101,
    doc='Hands packets to the host operating system (user level: a tun/tap device).',
)
