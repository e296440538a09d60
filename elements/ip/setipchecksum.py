"""SetIPChecksum: Recomputes the IP header checksum.

Facts from Click's elements/ip/setipchecksum.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec(
    name='SetIPChecksum',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    config='none',
    handlers=(
        Handler('drops'),
    ),
    state='counters',
    concurrency='drop count in a relaxed atomic (CK_STAT)',
    per_packet=True,
    order_free=True,
    doc='Recomputes the IP header checksum.',
)
