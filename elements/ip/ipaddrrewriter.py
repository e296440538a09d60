"""IPAddrRewriter: Rewrites IP source addresses by patterns, per address rather than per flow.

Facts from Click's elements/ip/ipaddrrewriter.hh and .cc.
"""

from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(name='IPAddrRewriter')
