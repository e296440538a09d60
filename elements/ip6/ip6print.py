"""IP6Print: Prints the addresses, payload length, next header and hop limit of each IPv6
packet (and, with CONTENTS, its first NBYTES bytes in hex) on standard error.

Facts from Click's elements/ip6/ip6print.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('IP6Print', '1/1', 'a/a',
    args=(
        Arg('LABEL', 'string', positional=True, default='', doc='text at the start of each line'),
        Arg('CONTENTS', 'bool', default=False, doc='also print the data in hex'),
        Arg('NBYTES', 'unsigned', default=1500, doc='bytes printed with CONTENTS'),
    ),
    shared_output=True,
    order_free=False,
    header_delta=0,
)
