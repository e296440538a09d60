"""ICMPPingRewriter: Rewrites ICMP echo requests and replies by patterns (NAT for pings).

Facts from Click's elements/icmp/icmppingrewriter.hh and .cc.
"""

from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(name='ICMPPingRewriter')
