"""IPGWOptions: Processes IP options of packets forwarded by a gateway (record route, timestamp);
bad options go to output 1.

Facts from Click's elements/ip/ipgwoptions.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='IPGWOptions',
    port_count='1/1-2',
    processing='a/ah',
    state='counters',
    concurrency='the drops counter is a relaxed atomic',
    flow_code='x/x',
    args=(
        Arg('MYADDR', 'ip', positional=True, required=True),
        Arg('OTHERADDRS', 'ip list', positional=True),
    ),
    handlers=(
        Handler('drops'),
    ),
    order_free=True,
    header_delta=0,
    doc=(
        'Processes IP options of packets forwarded by a gateway (record route, '
        'timestamp); bad options go to output 1.'
    ),
)
