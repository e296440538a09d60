"""IP6NDSolicitor: Resolves next-hop IPv6 addresses to Ethernet addresses with neighbor
solicitations (the IPv6 ARPQuerier).

Facts from Click's elements/ethernet/ip6ndsolicitor.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IP6NDSolicitor', '2/1-2', 'h/h', 'xy/x',
    args=(
        Arg('IP', 'ip6', positional=True, required=True),
        Arg('ETH', 'ether', positional=True, required=True),
    ),
    handlers=(
        Handler('table'),
        Handler('stats'),
    ),
    state='shared',
    concurrency='lock',
    concurrency_note=('push, the expiry timer and the handlers run under one re-entrant '
                      'per-instance lock; held packets are marked as crossing threads'),
)
