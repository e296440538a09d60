"""IPMirror: Swaps IP source and destination (and ports).

Facts from Click's elements/ip/ipmirror.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='IPMirror',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('DST_ANNO', 'bool', positional=True, default=True),
    ),
    doc='Swaps IP source and destination (and ports).',
)
