"""TruncateIPPayload: Cuts each IP packet down to its IP header (and, with TRANSPORT, its
transport header) plus LENGTH payload bytes, adding the removed length to EXTRA_LENGTH.

Facts from Click's elements/ip/truncateippayload.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('TruncateIPPayload', '1/1', 'a/a',
    args=(
        Arg('LENGTH', 'uint16', positional=True, default=0,
            doc='payload bytes kept after the headers'),
        Arg('TRANSPORT', 'bool', positional=True, default=True,
            doc='keep the TCP, UDP or ICMP header too'),
        Arg('EXTRA_LENGTH', 'bool', default=True,
            doc='add the bytes cut off to the EXTRA_LENGTH annotation'),
    ),
    per_packet=True,
    order_free=True,
    header_delta=0,
)
