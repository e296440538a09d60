"""ICMPError: Builds an ICMP error message (type, code) about each incoming packet, sent from SRC.

Facts from Click's elements/icmp/icmperror.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('ICMPError', '1/1', 'a/a',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('TYPE', 'icmp_type', positional=True, required=True),
        Arg('CODE', 'icmp_code', positional=True, default=0),
        Arg('BADADDRS', 'ip list', positional=True),
        Arg('MTU', 'unsigned', default=576),
        Arg('PMTU', 'unsigned'),
        Arg('SET_FIX_ANNO', 'bool', default=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('mtu', write=True),
        Handler('pmtu', write=True),
    ),
    ip_header='encap',
)
