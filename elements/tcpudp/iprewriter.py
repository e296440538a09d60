"""IPRewriter: Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow table
for both directions (NAT).

Facts from Click's elements/tcpudp/iprewriter.hh and .cc.
"""

from clickc.elements.spec import Handler
from clickc.elements.tcpudp.rewriter_spec import lookup_handler, rewriter_spec

SPEC = rewriter_spec(
    name='IPRewriter',
    table_handlers=(
        Handler('tcp_table'),
        Handler('udp_table'),
        Handler('tcp_mappings'),
        Handler('udp_mappings'),
        lookup_handler('tcp_lookup'),
    ),
)
