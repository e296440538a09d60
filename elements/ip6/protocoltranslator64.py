"""ProtocolTranslator64: Translates IPv6 packets (TCP, UDP, ICMPv6) between IPv4-mapped
addresses into IPv4 packets, as Click's SIIT code does.

Facts from Click's elements/ip6/protocoltranslator64.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('ProtocolTranslator64', '1/1', 'a/a',
    config='none',
    per_packet=True,
    order_free=True,
)
