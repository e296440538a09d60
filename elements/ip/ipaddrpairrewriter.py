"""IPAddrPairRewriter: Rewrites IP addresses by patterns, per address pair.

Facts from Click's elements/ip/ipaddrpairrewriter.hh and .cc.
"""

from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(name='IPAddrPairRewriter')
