"""EtherEncap: Prepends an Ethernet header with the given type, source and destination.

Facts from Click's elements/ethernet/etherencap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('EtherEncap', '1/1', 'a/a',
    args=(
        Arg('ETHERTYPE', 'ethertype', positional=True, required=True),
        Arg('SRC', 'ether', positional=True, required=True),
        Arg('DST', 'ether', positional=True, required=True),
    ),
    handlers=(
        Handler('src', write=True),
        Handler('dst', write=True),
        Handler('ethertype', write=True),
        Handler('etht', read=False, write=True),
    ),
    per_packet=True,
    order_free=True,
    header_delta=14,
    c_helpers=('read_etht',),  # etht is write-only in Click; the read is an alias
)
