"""ToHostSniffers: Linux kernel driver: hands packets to host packet sniffers only.

Facts from Click's elements/linuxmodule/tohostsniffers.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.refuse import linuxmodule_only
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ToHostSniffers',
    port_count='1/0',
    processing='h/h',
    flow_code='x/x',
    args=(
        Arg('DEVNAME', 'word', positional=True),
    ),
    handlers=(
        Handler('dev_name'),
        Handler('drops'),
    ),
    drivers=('linuxmodule',),
    validate=linuxmodule_only,
    configure_phase=99,
    doc='Linux kernel driver: hands packets to host packet sniffers only.',
)
