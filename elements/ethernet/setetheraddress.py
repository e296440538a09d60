"""SetEtherAddress: Stores the Ethernet address ADDR in the 6-byte annotation ANNO of each
packet.

Facts from Click's elements/ethernet/setetheraddress.hh and .cc.
"""

from clickc.elements.ethernet.ckethoffset import check_offset_hook
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('SetEtherAddress', '1/1', 'a/a',
    args=(
        Arg('ADDR', 'ether', positional=True, required=True, doc='the address stored'),
        Arg('ANNO', 'anno', positional=True, required=True,
            doc='the 6-byte annotation written (name or byte offset)'),
    ),
    handlers=(Handler('addr', write=True, doc='ADDR ("expected Ethernet address")'),),
    validate=check_offset_hook,
    order_free=True,
    header_delta=0,
)
