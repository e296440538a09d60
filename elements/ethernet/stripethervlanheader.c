/* StripEtherVLANHeader([NATIVE_VLAN]): Click's elements/ethernet/stripethervlanheader.cc.  A
 * frame of type 0x8100 loses its 18-byte header and its tag goes to the VLAN_TCI annotation;
 * an untagged frame loses its 14-byte header and gets NATIVE_VLAN (0 by default) as its tag,
 * or, with NATIVE_VLAN negative, leaves on output 1 (dropped, counted as "not tagged",
 * without one).  A frame of fewer than 14 bytes has no type field (Click would read past it):
 * it takes the untagged path's output 1, or is dropped as "short frame"; a tagged frame
 * shorter than 18 bytes becomes empty with the tag bytes it has (missing ones 0). */
#include "ethernet/ckvlananno.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->len < 14) {
        CK_OUTPUT1_OR_DROP(p, "short frame");
        return NULL;
    }
    if (p->data[12] == 0x81 && p->data[13] == 0x00) {
        uint16_t tci = (uint16_t)((p->len > 14 ? p->data[14] << 8 : 0) |
                                  (p->len > 15 ? p->data[15] : 0));
        ck_set_vlan_anno(p, tci);
        ck_packet_pull(p, 18);
    } else if (CONF(NATIVE_VLAN) >= 0) {
        ck_set_vlan_anno(p, (uint16_t)CONF(NATIVE_VLAN));
        ck_packet_pull(p, 14);
    } else {
        CK_OUTPUT1_OR_DROP(p, "not tagged");
        return NULL;
    }
    return p;
}
#include "simple_action.h"
