"""EraseIPPayload: Zeroes the payload of TCP and UDP packets (and their checksums); passes ICMP
untouched and drops other protocols.

Facts from Click's elements/analysis/eraseippayload.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('EraseIPPayload', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
    header_delta=0,
)
