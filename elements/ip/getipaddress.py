"""GetIPAddress: Copies a 4-byte IP address from the packet (at OFFSET) into the destination-
address annotation.

Facts from Click's elements/ip/getipaddress.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('GetIPAddress', '1/1', 'a/a',
    # measured by bench/calibrate_costs.py on 2026-11-29 (docs/passes.md "Measured
    # priors"): 11.5 pooled (12-14) cycles/packet
    cost=12.0,
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
