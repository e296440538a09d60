"""TCPRewriter: Rewrites TCP flows by patterns, tracking sequence-number changes (NAT for TCP).

Facts from Click's elements/tcpudp/tcprewriter.hh and .cc.
"""

from clickc.elements.tcpudp.rewriter_spec import TABLE_HANDLERS, lookup_handler, rewriter_spec

SPEC = rewriter_spec(name='TCPRewriter', table_handlers=(*TABLE_HANDLERS, lookup_handler('lookup')))
