"""IPNameInfo: Installs Click's names for IP protocols, ICMP types and codes and TCP/UDP ports;
not meant for configurations (clickc's tables are always installed).

Facts from Click's elements/ip/ipnameinfo.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('IPNameInfo', '0/0', 'a/a',
    config='none',
)
