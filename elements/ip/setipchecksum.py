"""SetIPChecksum: Recomputes the IP header checksum.

Facts from Click's elements/ip/setipchecksum.hh and .cc.
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('SetIPChecksum', '1/1', 'a/a',
    config='none',
    handlers=(Handler('drops'),),
    state='counters',
    concurrency='atomic',
    concurrency_note='drop count in a relaxed atomic (CK_STAT)',
    per_packet=True,
    order_free=True,
)
