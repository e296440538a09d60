/* IP6Encap(PROTO, SRC, DST [, HLIM, CLASS]): prepends a 40-byte IPv6 header (Click's
 * elements/ip6/ip6encap.cc): version 6, traffic class CLASS, flow label 0, a payload length
 * equal to the packet's length before the push, next header PROTO, hop limit HLIM (250 by
 * default), SRC and DST.  With DST_ANNO the destination is the packet's DST_IP6 annotation when
 * that is not zero (otherwise zero); with a fixed DST the annotation is set to DST.  The network
 * header is the new header.  The src and dst handlers read and change the addresses (dst:
 * an address or DST_ANNO, with Click's configure message).
 *
 * DST is parsed when the router initializes: an address in IPv6 text form or DST_ANNO
 * (AddressInfo names are refused there with the same message). */
#include "ckargs.h"
#include "ip6/ckip6.h"

static unsigned char ELEM(h)[CKIP6_HDR];

#define IP6_SRC (ELEM(h) + CKIP6_SRC)
#define IP6_DST (ELEM(h) + CKIP6_DST)
#define IP6_DST_PREFIX_OK 0
#define IP6_DST_MSG "DST argument should be IP address or 'DST_ANNO'"
#define IP6_DST_SHOW_ANNO 1
#include "ip6/ckip6addrs.h"

static int
ELEM(init)(ck_errh *errh)
{
    unsigned char *h = ELEM(h);
    unsigned cls = (unsigned)CONF(CLASS);
    memset(h, 0, CKIP6_HDR);
    h[0] = (unsigned char)(0x60 | (cls >> 4));
    h[1] = (unsigned char)((cls & 0xF) << 4);
    h[CKIP6_NXT] = (unsigned char)CONF(PROTO);
    h[CKIP6_HLIM] = (unsigned char)CONF(HLIM);
    memcpy(h + CKIP6_SRC, CONF(SRC), 16);
    return ELEM(set_dst)(CONF(DST), errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t plen = p->len;
    p = ck_packet_push(p, CKIP6_HDR);
    if (!p)
        return NULL;
    unsigned char *ip6 = p->data;
    memcpy(ip6, ELEM(h), CKIP6_HDR);
    const unsigned char *a = ck_dst_ip6_anno(p);
    if (ELEM(use_dst_anno) && !ck_ip6_is_zero(a))
        memcpy(ip6 + CKIP6_DST, a, 16);
    else
        ck_set_dst_ip6_anno(p, ip6 + CKIP6_DST);
    ip6[CKIP6_PLEN] = (unsigned char)(plen >> 8);
    ip6[CKIP6_PLEN + 1] = (unsigned char)plen;
    ck_set_network_header(p, ip6, CKIP6_HDR);
    return p;
}
#include "simple_action.h"
