"""ICMPIPEncap: Puts an IP header and an ICMP header of the given type and code in front of each
packet.

Facts from Click's elements/icmp/icmpipencap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ICMPIPEncap', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ip', positional=True, required=True, doc='IP source address'),
        Arg('DST', 'ip', positional=True, required=True, doc='IP destination address'),
        Arg('TYPE', 'icmp_type', positional=True, required=True, doc='ICMP type'),
        Arg('CODE', 'icmp_code', positional=True, default=0, doc='ICMP code (default 0)'),
        Arg('IDENTIFIER', 'uint16', default=0,
            doc='ICMP identifier of echo, timestamp and information messages'),
    ),
    handlers=(
        Handler('src', write=True, doc='SRC ("syntax error")'),
        Handler('dst', write=True, doc='DST ("syntax error")'),
    ),
    state='counters',
    concurrency='atomic',
    concurrency_note='the IP ID counter and the addresses are relaxed atomics (CK_STAT)',
    ip_header='encap',
)
