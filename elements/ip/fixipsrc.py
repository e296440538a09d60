"""FixIPSrc: Rewrites the source address of packets with the fix-source annotation set to IPADDR.

Facts from Click's elements/ip/fixipsrc.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec(
    name='FixIPSrc',
    port_count='1/1',
    processing='a/a',
    flow_code='x/x',
    args=(
        Arg('IPADDR', 'ip', positional=True, required=True),
    ),
    order_free=True,
    header_delta=0,
    doc=(
        'Rewrites the source address of packets with the fix-source annotation set to '
        'IPADDR.'
    ),
)
