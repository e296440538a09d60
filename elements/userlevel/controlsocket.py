"""ControlSocket: Opens a TCP or Unix socket for reading and writing handlers.

Facts from Click's elements/userlevel/controlsocket.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ControlSocket',
    port_count='0/0',
    processing='a/a',
    flow_code='x/x',
    config='custom',
    custom_parser='clickc.elements.parsers:control_socket',
    args=(
        Arg('TYPE', 'word', positional=True, required=True),
        Arg('READONLY', 'bool', default=False),
        Arg('PROXY', 'element'),
        Arg('VERBOSE', 'bool', default=False),
        Arg('RETRIES', 'int', default=0),
        Arg('RETRY_WARNINGS', 'bool', default=True),
        Arg('LOCALHOST', 'bool', default=False),
    ),
    handlers=(
        Handler('port'),
        Handler('filename'),
    ),
    schedulable='timer',
    state='shared',
    concurrency=('one thread serves every connection (its task); handler calls go '
                 'through the runtime'),
    doc='Opens a TCP or Unix socket for reading and writing handlers.',
)
