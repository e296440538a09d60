/* IPEncap(PROTO, SRC, DST [, TOS, TTL, DSCP, ECT, CE, DF]): prepends a 20-byte IPv4 header
 * (Click's elements/ip/ipencap.cc): version 4, the given protocol, source and destination
 * (DST_ANNO: the packet's DST_IP annotation), TOS or DSCP with the ECN bits, TTL (250 by
 * default), DF, a total length equal to the new packet's length and an ID counting from 0 per
 * element.  The checksum is the template's, updated incrementally for the fields filled per
 * packet, as Click does.  Sets the network header and, for a fixed DST, the DST_IP annotation.
 * The src and dst handlers read and change the addresses.
 *
 * DST arrives as text (a dotted quad or DST_ANNO) or as an address; AddressInfo names must be
 * resolved at compile time (an unresolved name fails initialization). */
#include "ckargs.h"
#include "ip/ckip.h"

static unsigned char ELEM(iph)[CKIP_HDR];
static int ELEM(use_dst_anno);
#include "ip/ckipencap.h"

static void ELEM(rebuild_sum)(void)
{
    unsigned char h[CKIP_HDR];
    memcpy(h, ELEM(iph), CKIP_HDR);
    ck_set_raw16(h + CKIP_LEN, 0);
    ck_set_raw16(h + CKIP_SUM, 0);
    if (ELEM(use_dst_anno))
        memset(h + CKIP_DST, 0, 4);
    ck_set_raw16(ELEM(iph) + CKIP_SUM, ck_in_cksum(h, CKIP_HDR));
}

static int ELEM(set_dst)(const char *s, ck_errh *errh)
{
    uint32_t a = 0;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    if (n == 8 && memcmp(s, "DST_ANNO", 8) == 0)
        ELEM(use_dst_anno) = 1;
    else if (ck_ip_parse(s, &a) == 0)
        ELEM(use_dst_anno) = 0;
    else
        return ck_error(errh, "DST argument should be IP address or 'DST_ANNO'");
    memcpy(ELEM(iph) + CKIP_DST, &a, 4);
    return 0;
}

static CK_UNUSED int ELEM(dst_addr)(uint32_t a, ck_errh *errh)
{
    (void)errh;
    ELEM(use_dst_anno) = 0;
    memcpy(ELEM(iph) + CKIP_DST, &a, 4);
    return 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    unsigned char *h = ELEM(iph);
    memset(h, 0, CKIP_HDR);
    h[CKIP_VHL] = 0x45;
    long tos = (long)CONF(TOS), dscp = (long)CONF(DSCP);
    int ect = 0, ce = CONF(CE) ? 1 : 0;
    if ((long)CONF(PROTO) < 0 || (long)CONF(PROTO) > 255)
        return ck_error(errh, "bad IP protocol");
    h[CKIP_P] = (unsigned char)CONF(PROTO);
    h[CKIP_TTL] = (unsigned char)CONF(TTL);
    uint32_t src = CONF(SRC);
    memcpy(h + CKIP_SRC, &src, 4);
    if (_Generic((CONF(DST)), char *: ELEM(set_dst), const char *: ELEM(set_dst),
                 default: ELEM(dst_addr))(CONF(DST), errh) < 0)
        return -1;
#if CONF_GIVEN(ECT)
    {
        const char *e = CONF(ECT);
        int b;
        if (ck_parse_bool(e, &b) == 0)
            ect = b;
        else if (strcmp(e, "2") == 0)
            ect = 2;
        else
            return ck_error(errh, "bad ECT value '%s'", e);
    }
#endif
    if (tos >= 0 && dscp >= 0)
        return ck_error(errh, "cannot set both TOS and DSCP");
    else if (tos >= 0 && (ect || ce))
        return ck_error(errh, "cannot set both TOS and ECN bits");
    if (tos >= 256 || tos < -1)
        return ck_error(errh, "TOS too large; max 255");
    else if (dscp >= 63 || dscp < -1)
        return ck_error(errh, "DSCP too large; max 63");
    if (ect && ce)
        return ck_error(errh, "can set at most one ECN option");
    if (tos >= 0)
        h[CKIP_TOS] = (unsigned char)tos;
    else if (dscp >= 0)
        h[CKIP_TOS] = (unsigned char)(dscp << 2);
    if (ect)
        h[CKIP_TOS] |= (unsigned char)(ect == 1 ? 1 : 2); /* IP_ECN_ECT1, IP_ECN_ECT2 */
    if (ce)
        h[CKIP_TOS] |= 3; /* IP_ECN_CE */
    if (CONF(DF))
        h[CKIP_OFF] |= 0x40;
    ELEM(rebuild_sum)();
    CK_STAT_STORE(ELEM(id), 0);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP_HDR);
    if (!p)
        return NULL;
    unsigned char *ip = p->data;
    memcpy(ip, ELEM(iph), CKIP_HDR);
    unsigned char *sum = ip + CKIP_SUM;
    if (ELEM(use_dst_anno)) {
        uint32_t d = ck_anno_u32(p, DST_IP_ANNO_OFFSET);
        memcpy(ip + CKIP_DST, &d, 4);
        ck_update_in_cksum(sum, 0, ck_raw16(ip + 16));
        ck_update_in_cksum(sum, 0, ck_raw16(ip + 18));
    } else
        ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, ck_raw32(ip + CKIP_DST));
    ELEM(set_len_id)(ip, p);
    ck_update_in_cksum(sum, 0, ck_raw16(ip + 2));
    ck_update_in_cksum(sum, 0, ck_raw16(ip + 4));
    ck_set_network_header(p, ip, CKIP_HDR);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_IP(src, ck_raw32(ELEM(iph) + CKIP_SRC));

static CK_UNUSED int ELEM(read_dst)(ck_buf *out)
{
    if (ELEM(use_dst_anno))
        ck_buf_puts(out, "DST_ANNO");
    else
        ck_buf_ip(out, ck_raw32(ELEM(iph) + CKIP_DST));
    return 0;
}

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    uint32_t a;
    if (ck_ip_parse(value, &a) < 0)
        return ck_arg_parse_error(errh, "SRC");
    memcpy(ELEM(iph) + CKIP_SRC, &a, 4);
    ELEM(rebuild_sum)();
    return 0;
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    unsigned char save[4];
    int save_anno = ELEM(use_dst_anno);
    memcpy(save, ELEM(iph) + CKIP_DST, 4);
    if (ELEM(set_dst)(value, errh) < 0) {
        memcpy(ELEM(iph) + CKIP_DST, save, 4);
        ELEM(use_dst_anno) = save_anno;
        return -1;
    }
    ELEM(rebuild_sum)();
    return 0;
}
