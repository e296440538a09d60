"""BufferConverter: Converts between a byte stream and packets.

Facts from Click's elements/local/bufconv.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='BufferConverter',
    port_count='2/1',
    processing='lh/h',
    flow_code='x/x',
    args=(
        Arg('MTU', 'int', positional=True, required=True),
    ),
    handlers=(
        Handler('data', write=True),
    ),
    state='shared',
    doc='Converts between a byte stream and packets.',
)
