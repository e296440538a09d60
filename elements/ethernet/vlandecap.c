/* VLANDecap([ANNO, ETHERTYPE]): Click's elements/ethernet/vlandecap.cc.  A frame whose type
 * field (bytes 12-13) is ETHERTYPE (0x8100) loses the 4 bytes of its VLAN header: the
 * addresses move 4 bytes back.  With ANNO (the default) the tag goes to the VLAN_TCI
 * annotation, 0 for an untagged frame.  The MAC header annotation is set to the data.  A frame
 * of fewer than 14 bytes has no type field (Click would read past it): it passes untouched as
 * untagged; a tagged frame of 14 or 15 bytes has no whole tag: its annotation is 0, and it
 * keeps its first 10 or 11 bytes (Click's result, without writing past the packet). */
#include "ethernet/ckvlananno.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint16_t tci = 0;
    if (p->len >= 14 && (p->data[12] << 8 | p->data[13]) == (int)(uint16_t)CONF(ETHERTYPE)) {
        tci = p->len >= 16 ? (uint16_t)(p->data[14] << 8 | p->data[15]) : 0;
        p = ck_packet_uniqueify(p);
        if (!p) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return NULL;
        }
        memmove(p->data + 4, p->data, p->len >= 16 ? 12 : p->len - 4);
        ck_packet_pull(p, 4);
    }
    ck_set_mac_header(p, p->data);
    if (CONF(ANNO))
        ck_set_vlan_anno(p, tci);
    return p;
}
#include "simple_action.h"
