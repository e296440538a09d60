"""IPFieldInfo: Installs Click's names for IP header fields ("ip src", "tcp flags", ...); not
meant for configurations.

Facts from Click's elements/ip/ipfieldinfo.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('IPFieldInfo', '0/0', 'a/a',
    config='none',
)
