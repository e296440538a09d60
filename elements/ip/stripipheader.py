"""StripIPHeader: Removes the IP header (to the transport header annotation).

Facts from Click's elements/ip/stripipheader.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('StripIPHeader', '1/1', 'a/a',
    config='none',
    ip_header='strip',
)
