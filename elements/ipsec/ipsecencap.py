"""IPsecEncap: Prepends the outer IP header of an IPsec tunnel.

Facts from Click's elements/ipsec/ipsecencap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IPsecEncap', '1/1', 'a/a',
    args=(Arg('PROTO', 'ipproto', positional=True, required=True),),
    state='counters',
    concurrency='atomic',
    concurrency_note=('the IP ID counter is taken with one atomic fetch-and-add; replicas made by '
                      'flow-split keep their own ID sequences, as in SMP Click Fig. 16'),
    c_file='ipsec/ipsecencap.c',
    cost=30.0,
    ip_header='encap',
    doc=(
        'Prepends the outer IP header of an IPsec tunnel: protocol PROTO, destination the '
        'DST_IP annotation, source 0 with the FIX_IP_SRC annotation set, TTL 250.'
    ),
)
