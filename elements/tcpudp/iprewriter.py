"""IPRewriter: Rewrites TCP and UDP flows (addresses and ports) by patterns, keeping a flow table
for both directions (NAT).

Facts from Click's elements/tcpudp/iprewriter.hh and .cc.
"""

from clickc.elements.spec import Handler
from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(
    name='IPRewriter',
    table_handlers=(
        Handler('tcp_table'),
        Handler('udp_table'),
        Handler('tcp_mappings'),
        Handler('udp_mappings'),
        Handler('tcp_lookup', read_param=True,
                doc='"SADDR SPORT DADDR DPORT" of a TCP flow as rewritten (empty if none)'),
    ),
)
