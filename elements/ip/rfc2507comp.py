"""RFC2507Comp: Compresses the headers of IPv4 TCP packets (RFC 2507) into Click's own framing,
one context per connection identifier 1-14.

Facts from Click's elements/ip/rfc2507c.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('RFC2507Comp', '1/1', 'a/a',
    config='none',
    state='shared',
    header_delta=None,
    shared_output=True,
)
