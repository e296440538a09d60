"""CheckIPHeader: Checks that packets carry a well-formed IPv4 header (version, lengths, checksum,
source address) and sets the network-header annotation; bad packets go to output 1 or are
dropped.

Facts from Click's elements/ip/checkipheader.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='CheckIPHeader',
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
        Arg('CHECKSUM', 'bool', default=True),
    ),
    handlers=(
        Handler('drop_details'),
        Handler('drops'),
    ),
    state='counters',
    concurrency='drop counters are relaxed atomics; the first-failure message is printed once',
    per_packet=True,
    order_free=True,
    header_delta=0,
    ip_header='marks',
    doc=(
        'Checks that packets carry a well-formed IPv4 header (version, lengths, checksum,'
        ' source address) and sets the network-header annotation; bad packets go to '
        'output 1 or are dropped.'
    ),
)
