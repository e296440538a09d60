"""IP6NDSolicitor: Resolves next-hop IPv6 addresses to Ethernet addresses with neighbor
solicitations (the IPv6 ARPQuerier).

Facts from Click's elements/ethernet/ip6ndsolicitor.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='IP6NDSolicitor',
    port_count='2/1-2',
    processing='h/h',
    flow_code='xy/x',
    args=(
        Arg('IP', 'ip6', positional=True, required=True),
        Arg('ETH', 'ether', positional=True, required=True),
    ),
    handlers=(
        Handler('table'),
        Handler('stats'),
    ),
    state='shared',
    concurrency=('push, the expiry timer and the handlers run under one re-entrant '
                 'per-instance lock; held packets are marked as crossing threads'),
    doc=(
        'Resolves next-hop IPv6 addresses to Ethernet addresses with neighbor '
        'solicitations (the IPv6 ARPQuerier).'
    ),
)
