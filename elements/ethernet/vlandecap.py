"""VLANDecap: Removes the 802.1Q VLAN header from tagged Ethernet frames, keeping the tag in the
VLAN_TCI annotation.

Facts from Click's elements/ethernet/vlandecap.hh and .cc.
"""

from clickc.elements.spec import Arg, ElementSpec

SPEC = ElementSpec('VLANDecap', '1/1', 'a/a',
    args=(
        Arg('ANNO', 'bool', positional=True, default=True,
            doc='store the tag (0 for an untagged frame) in the VLAN_TCI annotation'),
        Arg('ETHERTYPE', 'ethertype', default=0x8100,
            doc='the tag protocol identifier that marks a tagged frame'),
    ),
    per_packet=True,
    order_free=True,
    header_delta=None,
)
