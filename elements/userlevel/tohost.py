"""ToHost: Hands packets to the host operating system (user level: a tun/tap device).

Facts from Click's elements/userlevel/tohost.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ToHost', '1/0', 'h/h',
    args=(Arg('DEVNAME', 'string', positional=True, required=True),),
    handlers=(
        Handler('dev_name'),
        Handler('drops'),
    ),
    configure_phase=101,
)
