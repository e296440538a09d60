/* The body of the CheckIPHeader and CheckIPHeader2 templates (state, checks, the simple_action
 * and, through ip/ckcheckdrop.h, the drops/drop_details handlers; the backend finds them in the
 * included text).  Included once per instance: no include guard on purpose. */
#include "ip/ckip.h"

static const char *const ELEM(reason_texts)[] = {
    "tiny packet", "bad IP version", "bad IP header length",
    "bad IP length", "bad IP checksum", "bad source address"
};

#define CKCHECK_CHATTER(reason) ck_chatter("%s: IP header check failed: %s", ELEMENT_NAME, (reason))
#include "ip/ckcheckdrop.h"

#include "ip/ckbadsrc.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (uint32_t)CONF(OFFSET);
    if (p->len < offset || p->len - offset < CKIP_HDR)
        return ELEM(drop)(0, p);
    unsigned char *ip = p->data + offset;
    uint32_t plen = p->len - offset;
    if ((ip[CKIP_VHL] >> 4) != 4)
        return ELEM(drop)(1, p);
    uint32_t hlen = (uint32_t)(ip[CKIP_VHL] & 0xF) << 2;
    if (hlen < CKIP_HDR)
        return ELEM(drop)(2, p);
    uint32_t len = ck_get16(ip + CKIP_LEN);
    if (len > plen || len < hlen)
        return ELEM(drop)(3, p);
    if (CONF(CHECKSUM) && ck_ip_hdr_cksum(ip, hlen) != 0)
        return ELEM(drop)(4, p);
    if (ELEM(bad_src)(ck_raw32(ip + CKIP_SRC)) && !ELEM(good_dst)(ck_raw32(ip + CKIP_DST)))
        return ELEM(drop)(5, p);
    ck_set_network_header(p, ip, hlen);
    if (plen > len)
        ck_packet_take(p, plen - len);
    ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, ck_hdr_raw32(ip + CKIP_DST));
    return p;
}
#include "simple_action.h"
