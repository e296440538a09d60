"""ICMPPingRewriter: Rewrites ICMP echo requests and replies by patterns (NAT for pings).

Facts from Click's elements/icmp/icmppingrewriter.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.tcpudp.rewriter_spec import rewriter_spec

SPEC = rewriter_spec(
    name='ICMPPingRewriter',
    doc='Rewrites ICMP echo requests and replies by patterns (NAT for pings).',
)
