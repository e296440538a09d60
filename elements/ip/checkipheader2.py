"""CheckIPHeader2: Like CheckIPHeader, without the checksum test.

Facts from Click's elements/ip/checkipheader2.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CheckIPHeader2',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    args=(
        Arg('OFFSET', 'unsigned', positional=True, default=0),
        Arg('INTERFACES', 'interfaces'),
        Arg('BADSRC', 'ip list'),
        Arg('GOODDST', 'ip list'),
        Arg('VERBOSE', 'bool', default=False),
        Arg('DETAILS', 'bool', default=False),
        Arg('CHECKSUM', 'bool', default=False),
    ),
    handlers=(
        Handler('drop_details'),
        Handler('drops'),
    ),
    state='counters',
    concurrency='drop counters are relaxed atomics; the first-failure message is printed once',
    order_free=True,
    header_delta=0,
    ip_header='marks',
    doc='Like CheckIPHeader, without the checksum test.',
)
