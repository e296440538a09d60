"""ICMPPingResponder: Answers ICMP echo requests with echo replies.

Facts from Click's elements/icmp/icmppingresponder.hh and .cc
(port_count, processing, flow_code, configure, add_handlers).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec(
    name='ICMPPingResponder',
    port_count='1/1-2',
    processing='a/ah',
    flow_code='x/x',
    config='none',
    doc='Answers ICMP echo requests with echo replies.',
)
