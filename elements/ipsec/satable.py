"""SATable: A table of IPsec security associations by SPI that other elements fill and read
through C++ calls; it has no ports, arguments or handlers of its own.

Facts from Click's elements/ipsec/satable.hh and .cc.  In Click only its C++ methods (insert,
remove, lookup, print_sa_data) reach the table, and no element of Click's tree calls them; a
configuration sees an element without ports that takes no configuration.  clickc's IPsec
elements keep their security associations in RadixIPsecLookup's table (ipsec/ipsec.h).
"""

from clickc.elements.spec import ElementSpec

SPEC = ElementSpec('SATable', '0/0', 'a/a',
    config='none',
)
