/* UDPIP6Encap(SRC, SPORT, DST, DPORT): prepends a 40-byte IPv6 header (version 6, traffic
 * class and flow label 0, next header UDP, hop limit 255, payload length the UDP length) and an
 * 8-byte UDP header with the ports and Click's in6_fast_cksum checksum (Click's
 * elements/tcpudp/udpip6encap.cc).  DST_ANNO (DST starting with those 8 characters, as Click
 * compares) takes the destination from the packet's DST_IP6 annotation; otherwise DST is used
 * and the annotation set to it.  The network header is the new IPv6 header.  Handlers src,
 * sport, dst, dport read and change the arguments (dst reads "::" with DST_ANNO, as Click). */
#include "ckargs.h"
#include "ip6/ckip6.h"

static unsigned char ELEM(saddr)[16], ELEM(daddr)[16];
static uint16_t ELEM(sport), ELEM(dport);

#define IP6_SRC ELEM(saddr)
#define IP6_DST ELEM(daddr)
#define IP6_DST_PREFIX_OK 1
#define IP6_DST_MSG "bad DST"
#define IP6_DST_SHOW_ANNO 0
#include "ip6/ckip6addrs.h"

static int
ELEM(init)(ck_errh *errh)
{
    memcpy(ELEM(saddr), CONF(SRC), 16);
    ELEM(sport) = (uint16_t)CONF(SPORT);
    ELEM(dport) = (uint16_t)CONF(DPORT);
    return ELEM(set_dst)(CONF(DST), errh);
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP6_HDR + 8);
    if (!p)
        return NULL;
    unsigned char *ip6 = p->data, *udp = ip6 + CKIP6_HDR;
    uint16_t plen = (uint16_t)(p->len - CKIP6_HDR);
    memset(ip6, 0, CKIP6_HDR);
    ip6[0] = 0x60;
    ck_put16(ip6 + CKIP6_PLEN, plen);
    ip6[CKIP6_NXT] = 17;
    ip6[CKIP6_HLIM] = 0xff;
    memcpy(ip6 + CKIP6_SRC, ELEM(saddr), 16);
    if (ELEM(use_dst_anno))
        memcpy(ip6 + CKIP6_DST, ck_dst_ip6_anno(p), 16);
    else {
        memcpy(ip6 + CKIP6_DST, ELEM(daddr), 16);
        ck_set_dst_ip6_anno(p, ELEM(daddr));
    }
    ck_set_network_header(p, ip6, CKIP6_HDR);
    ck_put16(udp, ELEM(sport));
    ck_put16(udp + 2, ELEM(dport));
    ck_put16(udp + 4, plen);
    ck_set_raw16(udp + 6, 0);
    uint16_t ulen = ck_raw16(udp + 4);
    ck_put16(udp + 6, ck_in6_fast_cksum(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, ulen, 17, 0, udp, ulen));
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(sport, ELEM(sport));
CK_DATA_READ(dport, ELEM(dport));

static CK_UNUSED int ELEM(write_sport)(const char *value, ck_errh *errh)
{
    uint16_t v;
    if (ck_arg_port(errh, "SPORT", value, &v) < 0)
        return -1;
    ELEM(sport) = v;
    return 0;
}

static CK_UNUSED int ELEM(write_dport)(const char *value, ck_errh *errh)
{
    uint16_t v;
    if (ck_arg_port(errh, "DPORT", value, &v) < 0)
        return -1;
    ELEM(dport) = v;
    return 0;
}
