"""RFC2507Decomp: Rebuilds the IPv4 TCP packets RFC2507Comp framed, keeping one context per
connection identifier 1-14.

Facts from Click's elements/ip/rfc2507d.hh and .cc.
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('RFC2507Decomp', '1/1', 'a/a',
    config='none',
    state='shared',
    header_delta=None,
    shared_output=True,
)
