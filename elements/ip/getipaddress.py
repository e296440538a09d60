"""GetIPAddress: Copies a 4-byte IP address from the packet (at OFFSET) into the destination-
address annotation.

Facts from Click's elements/ip/getipaddress.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('GetIPAddress', '1/1', 'a/a',
    args=(
        Arg('OFFSET', 'int', positional=True),
        Arg('ANNO', 'anno4', positional=True, default=0, doc='default: DST_IP'),
        Arg('IP', 'word'),
    ),
    per_packet=True,
    header_delta=0,
    order_free=True,
    doc=(
        'Copies a 4-byte IP address from the packet (at OFFSET) into the destination-'
        'address annotation.'
    ),
)
