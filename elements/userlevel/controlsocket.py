"""ControlSocket: Opens a TCP or Unix socket for reading and writing handlers.

Facts from Click's elements/userlevel/controlsocket.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='ControlSocket',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    handlers=(
        Handler('port'),
        Handler('filename'),
    ),
    doc='Opens a TCP or Unix socket for reading and writing handlers.',
)
