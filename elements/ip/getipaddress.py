"""GetIPAddress: Copies a 4-byte IP address from the packet (at OFFSET) into the destination-
address annotation.

Facts from Click's elements/ip/getipaddress.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='GetIPAddress',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'int', positional=True),
        Arg('ANNO', 'anno4', positional=True, default=0, doc='default: DST_IP'),
        Arg('IP', 'word'),
    ),
    per_packet=True,
    header_delta=0,
    doc=(
        'Copies a 4-byte IP address from the packet (at OFFSET) into the destination-'
        'address annotation.'
    ),
)
