"""UDPRewriter: Rewrites UDP (and other port-bearing) flows by patterns, keeping a flow table.

Facts from Click's elements/tcpudp/udprewriter.hh and .cc.
"""

from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(name='UDPRewriter')
