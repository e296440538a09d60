"""ICMP6Error: Builds an ICMPv6 error message (type, code) about each incoming packet, sent from
SRC.

Facts from Click's elements/ip6/icmp6error.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('ICMP6Error', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ip6', positional=True, required=True),
        Arg('TYPE', 'int', positional=True, required=True),
        Arg('CODE', 'int', positional=True, required=True),
    ),
)
