"""ICMPPingResponder: Answers ICMP echo requests with echo replies.

Facts from Click's elements/icmp/icmppingresponder.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ICMPPingResponder', '1/1-2', 'a/ah',
    config='none',
)
