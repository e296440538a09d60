"""ProtocolTranslator46: Translates IPv4 packets (TCP, UDP, ICMP) into IPv6 packets between
IPv4-mapped addresses, as Click's SIIT code does.

Facts from Click's elements/ip6/protocoltranslator46.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ProtocolTranslator46', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
)
