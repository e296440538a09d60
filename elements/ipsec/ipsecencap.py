"""IPsecEncap: Prepends the outer IP header of an IPsec tunnel.

Facts from Click's elements/ipsec/ipsecencap.hh and .cc.
"""

from clickc.elements.ip.ipencap import ip_encap_spec
from clickc.elements.spec import Arg

SPEC = ip_encap_spec('IPsecEncap',
    args=(Arg('PROTO', 'ipproto', positional=True, required=True),),
    cost=30.0,
    doc=(
        'Prepends the outer IP header of an IPsec tunnel: protocol PROTO, destination the '
        'DST_IP annotation, source 0 with the FIX_IP_SRC annotation set, TTL 250.'
    ),
)
