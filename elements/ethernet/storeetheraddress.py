"""StoreEtherAddress: Writes an Ethernet address (ADDR, or the 6-byte annotation ANNO) into each
packet at OFFSET; packets too short go to output 1.

Facts from Click's elements/ethernet/storeetheraddress.hh and .cc.
"""

from typing import Any

from clickc.elements.ethernet.ckethoffset import check_offset
from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec, Handler
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Exactly one of ADDR and ANNO (Click's "must specify exactly one of ADDR/ANNO"), and the
    OFFSET and ANNO checks (ckethoffset.check_offset)."""
    check_offset(args, ctx)
    if (args.get('ADDR') is None) == (args.get('ANNO') is None):
        ctx.error("must specify exactly one of ADDR/ANNO")


SPEC = ElementSpec('StoreEtherAddress', '1/1-2', 'a/ah',
    args=(
        Arg('ADDR', 'ether', positional=True, doc='the address written'),
        Arg('OFFSET', 'word', positional=True, required=True,
            doc='src (6), dst (0) or a byte offset into the packet'),
        Arg('ANNO', 'anno', doc='write the 6 bytes of this annotation instead of ADDR'),
    ),
    handlers=(Handler('addr', write=True, doc='ADDR ("expected Ethernet address")'),),
    validate=check,
    per_packet=True,
    order_free=True,
    header_delta=0,
)
