"""SetVLANAnno: Sets the VLAN_TCI annotation of every packet to a configured 802.1Q tag.

Facts from Click's elements/ethernet/setvlananno.hh and .cc.
"""

from clickc.elements.ethernet.vlanencap import VLAN_HANDLERS, check_vlan_no_anno, vlan_args
from clickc.elements.spec import ElementSpec, Handler

SPEC = ElementSpec('SetVLANAnno', '1/1', 'a/a',
    args=vlan_args(anno=False, native=False),
    handlers=(
        Handler('config', doc='VLAN_ID and VLAN_PCP of the tag, as Click prints them'),
        *VLAN_HANDLERS,
    ),
    validate=check_vlan_no_anno,
    synonyms=('SetVlanAnno',),
    order_free=True,
    header_delta=0,
)
