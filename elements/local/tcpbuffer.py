"""TCPBuffer: Reorders TCP segments by sequence number.

Facts from Click's elements/local/tcpbuffer.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='TCPBuffer',
    port_count='1/1',
    processing='h/l',
    flow_code='x/x',
    args=(
        Arg('SKIP', 'bool', positional=True, default=False),
    ),
    state='shared',
    doc='Reorders TCP segments by sequence number.',
)
