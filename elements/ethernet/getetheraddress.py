"""GetEtherAddress: Copies the Ethernet address at OFFSET of each packet into the 6-byte
annotation ANNO; packets too short go to output 1.

Facts from Click's elements/ethernet/getetheraddress.hh and .cc.
"""

from clickc.elements.ethernet.ckethoffset import check_offset_hook
from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('GetEtherAddress', '1/1-2', 'a/ah',
    args=(
        Arg('ANNO', 'anno', positional=True, required=True,
            doc='the 6-byte annotation written (name or byte offset)'),
        Arg('OFFSET', 'word', positional=True, required=True,
            doc='src (6), dst (0) or a byte offset into the packet'),
    ),
    validate=check_offset_hook,
    per_packet=True,
    order_free=True,
    header_delta=0,
)
