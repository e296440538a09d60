"""SetPacketType: Sets the packet type annotation (HOST, BROADCAST, MULTICAST, OTHERHOST,
OUTGOING).

Facts from Click's elements/standard/setpackettype.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='SetPacketType',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('TYPE', 'word', positional=True, required=True),
    ),
    validate='clickc.elements.parsers:packet_type',
    doc=(
        'Sets the packet type annotation (HOST, BROADCAST, MULTICAST, OTHERHOST, '
        'OUTGOING).'
    ),
)
