"""EtherVLANEncap: Prepends an Ethernet header with an 802.1Q VLAN tag (an untagged header for
the native VLAN).

Facts from Click's elements/ethernet/ethervlanencap.hh and .cc.
"""

from clickc.elements.ethernet.vlanencap import NATIVE_HANDLER, VLAN_HANDLERS, check_vlan, vlan_args
from clickc.elements.spec import Arg, ElementSpec, Handler

SPEC = ElementSpec('EtherVLANEncap', '1/1', 'a/a',
    args=(
        Arg('ETHERTYPE', 'ethertype', positional=True, required=True,
            doc='the type of the encapsulated protocol (after the tag)'),
        Arg('SRC', 'ether', positional=True, required=True, doc='source address'),
        Arg('DST', 'ether', positional=True, required=True, doc='destination address'),
        *vlan_args(anno=True, native=True),
    ),
    handlers=(
        Handler('config', doc='SRC, DST, ETHERTYPE and the tag arguments, as Click prints '
                'them'),
        Handler('src', write=True, doc='SRC ("expected Ethernet address")'),
        Handler('dst', write=True, doc='DST ("expected Ethernet address")'),
        Handler('ethertype', write=True, doc='ETHERTYPE ("expected uint16_t")'),
        *VLAN_HANDLERS,
        NATIVE_HANDLER,
    ),
    validate=check_vlan,
    synonyms=('EtherVlanEncap',),
    per_packet=True,
    order_free=True,
    header_delta=None,
)
