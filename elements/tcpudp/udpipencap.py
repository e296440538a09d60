"""UDPIPEncap: Prepends UDP and IP headers with the given addresses and ports.

Facts from Click's elements/tcpudp/udpipencap.hh and .cc.
"""

from clickc.elements.ip.ipencap import dst_check, ip_encap_spec
from clickc.elements.spec import Arg, Handler

SPEC = ip_encap_spec('UDPIPEncap',
    args=(
        Arg('SRC', 'ip', positional=True, required=True),
        Arg('SPORT', 'udp_port', positional=True, required=True),
        Arg('DST', 'anything', positional=True, required=True, doc='an IP address or DST_ANNO'),
        Arg('DPORT', 'udp_port', positional=True, required=True),
        Arg('CHECKSUM', 'bool', positional=True, default=False,
            doc=('documented as true by default, but Click reads it into an uninitialized '
                 'variable; the reference build computes no checksum unless given')),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('sport', write=True),
        Handler('dst', write=True),
        Handler('dport', write=True),
    ),
    validate=dst_check("bad DST"),
)
