/* EtherVLANEncap(ETHERTYPE, SRC, DST [, VLAN_TCI, VLAN_PCP, VLAN_ID, NATIVE_VLAN]): Click's
 * elements/ethernet/ethervlanencap.cc.  Prepends DST, SRC, 0x8100, the tag and ETHERTYPE (18
 * bytes) and marks the MAC header; the tag is VLAN_TCI, or the packet's VLAN_TCI annotation
 * with VLAN_TCI ANNO (ethernet/ckvlan.h).  A tag whose VLAN identifier is NATIVE_VLAN (0 by
 * default; -1 never) gets a plain 14-byte header DST, SRC, ETHERTYPE instead.  Out of memory
 * is a counted drop. */
#include "ckargs.h"
#define CK_VLAN_ANNO 1
#define CK_VLAN_NATIVE 1
#include "ethernet/ckvlan.h"
#include "ethernet/ckvlan_native.h"
#undef CK_VLAN_ANNO
#undef CK_VLAN_NATIVE
static unsigned char ELEM(ethh)[12]; /* DST then SRC */
static uint16_t ELEM(ethertype);

static int
ELEM(init)(ck_errh *errh)
{
    memcpy(ELEM(ethh), (const unsigned char *)(CONF(DST)), 6);
    memcpy(ELEM(ethh) + 6, (const unsigned char *)(CONF(SRC)), 6);
    ELEM(ethertype) = (uint16_t)CONF(ETHERTYPE);
    return ELEM(vl_setup)(errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint16_t tci = ELEM(vl_anno) ? ck_vlan_anno(p) : ELEM(vl_value);
    int native = ELEM(vl_is_native)(tci);
    uint32_t hl = native ? 14 : 18;
    p = ck_packet_push(p, hl);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *h = p->data;
    memcpy(h, ELEM(ethh), 12);
    if (!native) {
        h[12] = 0x81;
        h[13] = 0x00;
        h[14] = (unsigned char)(tci >> 8);
        h[15] = (unsigned char)tci;
    }
    h[hl - 2] = (unsigned char)(ELEM(ethertype) >> 8);
    h[hl - 1] = (unsigned char)ELEM(ethertype);
    ck_set_mac_header(p, h);
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ck_unparse_ether(out, ELEM(ethh) + 6);
    ck_buf_puts(out, ", ");
    ck_unparse_ether(out, ELEM(ethh));
    ck_buf_printf(out, ", %u", (unsigned)ELEM(ethertype));
    ELEM(vl_config)(out, ", ");
    return 0;
}

#include "ethernet/ckethaddr.h" /* src, dst; includes standard/ckdata.h */
CK_DATA_READ(ethertype, ELEM(ethertype));
CK_DATA_WRITE_UINT(ethertype, ELEM(ethertype), 0xFFFF, "expected uint16_t");
CK_DATA_WRITE_ETHER(src, ELEM(ethh) + 6, "expected Ethernet address");
CK_DATA_WRITE_ETHER(dst, ELEM(ethh), "expected Ethernet address");
