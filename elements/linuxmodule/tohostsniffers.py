"""ToHostSniffers: Linux kernel driver: hands packets to host packet sniffers only.

Facts from Click's elements/linuxmodule/tohostsniffers.hh and .cc.
"""

from clickc.elements.refuse import linuxmodule_only
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ToHostSniffers', '1/0', 'h/h',
    args=(Arg('DEVNAME', 'word', positional=True),),
    handlers=(
        Handler('dev_name'),
        Handler('drops'),
    ),
    drivers=('linuxmodule',),
    validate=linuxmodule_only,
    configure_phase=99,
)
