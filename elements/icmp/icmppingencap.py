"""ICMPPingEncap: Encapsulates packets in ICMP echo requests.

Facts from Click's elements/icmp/icmppingencap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ICMPPingEncap', '1/1', 'a/a',
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
    concurrency='atomic',
    concurrency_note='IP ID counter and addresses in relaxed atomics (CK_STAT)',
)
