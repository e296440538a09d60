"""CheckIP6Header: Checks that packets carry a well-formed IPv6 header; bad packets go to output 1
or are dropped.

Facts from Click's elements/ip6/checkip6header.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CheckIP6Header',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    concurrency='the drops counter is a relaxed atomic',
    args=(
        Arg('BADADDRS', 'string', positional=True, doc='space-separated IPv6 addresses'),
        Arg('OFFSET', 'unsigned', positional=True, default=0),
    ),
    handlers=(
        Handler('drops'),
    ),
    state='counters',
    doc=(
        'Checks that packets carry a well-formed IPv6 header; bad packets go to output 1 '
        'or are dropped.'
    ),
)
