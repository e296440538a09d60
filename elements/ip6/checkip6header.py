"""CheckIP6Header: Checks that packets carry a well-formed IPv6 header; bad packets go to output 1
or are dropped.

Facts from Click's elements/ip6/checkip6header.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('CheckIP6Header', '1/1-2', 'a/ah',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    args=(
        Arg('BADADDRS', 'string', positional=True, doc='space-separated IPv6 addresses'),
        Arg('OFFSET', 'unsigned', positional=True, default=0),
    ),
    handlers=(Handler('drops'),),
    state='counters',
)
