/* VLANEncap([VLAN_TCI, VLAN_PCP, VLAN_ID, NATIVE_VLAN, ETHERTYPE]): Click's
 * elements/ethernet/vlanencap.cc.  The frame's Ethernet addresses move 4 bytes to the front and
 * the 4 bytes freed hold ETHERTYPE (0x8100) and the tag: VLAN_TCI, or the packet's VLAN_TCI
 * annotation with VLAN_TCI ANNO (ethernet/ckvlan.h).  A tag whose VLAN identifier is
 * NATIVE_VLAN (0 by default; -1 never) leaves the frame untagged.  The MAC header annotation
 * is set to the data in both cases.  A frame shorter than the 12 address bytes (Click would
 * read past it) is dropped with the reason "short frame"; out of memory is a counted drop. */
#include "ckargs.h"
#define CK_VLAN_ANNO 1
#define CK_VLAN_NATIVE 1
#include "ethernet/ckvlan.h"
#include "ethernet/ckvlan_native.h"
#undef CK_VLAN_ANNO
#undef CK_VLAN_NATIVE
static uint16_t ELEM(ethertype);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(ethertype) = (uint16_t)CONF(ETHERTYPE);
    return ELEM(vl_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint16_t tci = ELEM(vl_anno) ? ck_vlan_anno(p) : ELEM(vl_value);
    if (ELEM(vl_is_native)(tci)) {
        ck_set_mac_header(p, p->data);
        return p;
    }
    if (p->len < 12) {
        ck_drop(p, ELEMENT_INDEX, "short frame");
        return NULL;
    }
    p = ck_packet_push(p, 4);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memmove(p->data, p->data + 4, 12);
    p->data[12] = (unsigned char)(ELEM(ethertype) >> 8);
    p->data[13] = (unsigned char)ELEM(ethertype);
    p->data[14] = (unsigned char)(tci >> 8);
    p->data[15] = (unsigned char)tci;
    ck_set_mac_header(p, p->data);
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ELEM(vl_config)(out, "");
    return 0;
}

/* Click's read_keyword_handler: ETHERTYPE when it was given, else nothing. */
static int ELEM(ethertype_given) = CONF_GIVEN(ETHERTYPE);

static CK_UNUSED int ELEM(read_ethertype)(ck_buf *out)
{
    if (ELEM(ethertype_given))
        ck_buf_printf(out, "%u", (unsigned)ELEM(ethertype));
    return 0;
}

static CK_UNUSED int ELEM(write_ethertype)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_arg_unsigned(errh, "ETHERTYPE", value, 0xFFFF, &v) < 0)
        return -1;
    ELEM(ethertype) = (uint16_t)v;
    ELEM(ethertype_given) = 1;
    return 0;
}
