"""TCPRewriter: Rewrites TCP flows by patterns, tracking sequence-number changes (NAT for TCP).

Facts from Click's elements/tcpudp/tcprewriter.hh and .cc.
"""

from clickc.elements.spec import Handler
from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(
    name='TCPRewriter',
    table_handlers=(
        Handler('table'),
        Handler('mappings'),
        Handler('lookup', doc='"SADDR SPORT DADDR DPORT" of a flow as rewritten (empty if none)',
                read_param=True),
    ),
)
