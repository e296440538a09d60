"""SetRandIPAddress: Sets the destination IP address annotation to a random address within
PREFIX (with LIMIT, to one of LIMIT addresses drawn once).

Facts from Click's elements/ip/setrandipaddress.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('SetRandIPAddress', '1/1', 'a/a',
    args=(
        Arg('PREFIX', 'ipprefix_or_addr', positional=True, required=True,
            doc='the addresses drawn keep these prefix bits'),
        Arg('LIMIT', 'int', positional=True, default=-1,
            doc='draw LIMIT addresses at initialization and pick among them (negative: '
                'draw for every packet)'),
    ),
    order_free=False,
    header_delta=0,
)
