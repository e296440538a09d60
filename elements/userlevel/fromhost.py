"""FromHost: Receives packets the host sends to a tun/tap device.

Facts from Click's elements/userlevel/fromhost.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('FromHost', '0/1', 'h/h',
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
)
