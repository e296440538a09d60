"""StripEtherVLANHeader: Strips the Ethernet header (with its 802.1Q tag) from each frame, keeping
the tag in the VLAN_TCI annotation; untagged frames go to output 1 unless NATIVE_VLAN is set.

Facts from Click's elements/ethernet/stripethervlanheader.hh and .cc.
"""

from typing import Any

from clickc.elements.hooks import ConfigureContext
from clickc.elements.spec import Arg, ElementSpec
from clickc.ir import Element, RouterGraph


def check(graph: RouterGraph, element: Element, args: dict[str, Any],
          ctx: ConfigureContext) -> None:
    """Click's "bad NATIVE_VLAN" above 0xFFF."""
    v = args.get('NATIVE_VLAN')
    if isinstance(v, int) and v > 0xFFF:
        ctx.error("bad NATIVE_VLAN")


SPEC = ElementSpec('StripEtherVLANHeader', '1/1-2', 'a/ah',
    args=(Arg('NATIVE_VLAN', 'int', positional=True, default=0,
              doc='VLAN identifier given to untagged frames (negative: untagged frames go to '
                  'output 1)'),),
    validate=check,
    synonyms=('StripEtherVlanHeader',),
    per_packet=True,
    order_free=True,
)
