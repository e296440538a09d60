"""ICMPPingEncap: Encapsulates packets in ICMP echo requests.

Facts from Click's elements/icmp/icmppingencap.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec(
    name='ICMPPingEncap',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('DST', 'ip', positional=True, required=True),
        Arg('IDENTIFIER', 'uint16', default=0),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('dst', write=True),
    ),
    state='counters',
    concurrency='IP ID counter and addresses in relaxed atomics (CK_STAT)',
    doc='Encapsulates packets in ICMP echo requests.',
)
