/* EtherEncap(ETHERTYPE, SRC, DST): prepends a 14-byte Ethernet header and marks it as the MAC
 * header (Click's elements/ethernet/etherencap.cc, Packet::push_mac_header). SRC and DST are
 * 6-byte addresses (CONF gives bytes); handlers src, dst, ethertype read and change them. */
#include "ckargs.h"
static unsigned char ELEM(ethh)[14];

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    memcpy(ELEM(ethh), (const unsigned char *)(CONF(DST)), 6);
    memcpy(ELEM(ethh) + 6, (const unsigned char *)(CONF(SRC)), 6);
    uint16_t t = (uint16_t)CONF(ETHERTYPE);
    ELEM(ethh)[12] = (unsigned char)(t >> 8);
    ELEM(ethh)[13] = (unsigned char)t;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, 14);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->data, ELEM(ethh), 14);
    ck_set_mac_header(p, p->data);
    return p;
}
#include "simple_action.h"
#include "ethernet/ckethaddr.h"

#include "standard/ckdata.h"
CK_DATA_READ(ethertype, (unsigned)(ELEM(ethh)[12] << 8 | ELEM(ethh)[13]));

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    if (ck_parse_ether(value, ELEM(ethh) + 6) < 0)
        return ck_arg_parse_error(errh, "SRC");
    return 0;
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    if (ck_parse_ether(value, ELEM(ethh)) < 0)
        return ck_arg_parse_error(errh, "DST");
    return 0;
}

static CK_UNUSED int ELEM(write_ethertype)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_arg_unsigned(errh, "ETHERTYPE", value, 0xFFFF, &v) < 0)
        return -1;
    ELEM(ethh)[12] = (unsigned char)(v >> 8);
    ELEM(ethh)[13] = (unsigned char)v;
    return 0;
}

static CK_UNUSED int ELEM(read_etht)(ck_buf *out) { return ELEM(read_ethertype)(out); }

static CK_UNUSED int ELEM(write_etht)(const char *value, ck_errh *errh)
{
    return ELEM(write_ethertype)(value, errh);
}
