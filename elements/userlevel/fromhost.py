"""FromHost: Receives packets the host sends to a tun/tap device.

Facts from Click's elements/userlevel/fromhost.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='FromHost',
    port_count='0/1',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('DEVNAME', 'word', positional=True, required=True),
        Arg('DST', 'ipprefix', positional=True),
        Arg('GATEWAY', 'ip'),
        Arg('ETHER', 'ether'),
        Arg('HEADROOM', 'unsigned'),
        Arg('MTU', 'int'),
    ),
    handlers=(
        Handler('signal'),
        Handler('dev_name'),
    ),
    schedulable='source',
    doc='Receives packets the host sends to a tun/tap device.',
)
