"""ICMP6Error: Builds an ICMPv6 error message (type, code) about each incoming packet, sent from
SRC.

Facts from Click's elements/ip6/icmp6error.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='ICMP6Error',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('SRC', 'ip6', positional=True, required=True),
        Arg('TYPE', 'int', positional=True, required=True),
        Arg('CODE', 'int', positional=True, required=True),
    ),
    doc=(
        'Builds an ICMPv6 error message (type, code) about each incoming packet, sent '
        'from SRC.'
    ),
)
