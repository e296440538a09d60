"""IPGWOptions: Processes IP options of packets forwarded by a gateway (record route, timestamp);
bad options go to output 1.

Facts from Click's elements/ip/ipgwoptions.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('IPGWOptions', '1/1-2', 'a/ah',
    state='counters',
    concurrency='atomic',
    concurrency_note='the drops counter is a relaxed atomic',
    args=(
        Arg('MYADDR', 'ip', positional=True, required=True),
        Arg('OTHERADDRS', 'ip list', positional=True),
    ),
    handlers=(Handler('drops'),),
    order_free=True,
    header_delta=0,
)
