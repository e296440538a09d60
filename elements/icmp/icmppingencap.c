/* ICMPPingEncap(SRC, DST [, IDENTIFIER]): puts an IP header and an ICMP echo request header
 * in front of each packet (Click's elements/icmp/icmppingencap.cc): TTL 255, IP ID and ICMP
 * sequence number 1, 2, ... 65535, 1, ... (0 is skipped), both checksums, the destination
 * annotation set to DST and the network header annotation to the new header.  Handlers `src`
 * and `dst` read and change the addresses (Click's "syntax error" on a bad one).
 * With ELEMENT_NTHREADS above 1 the IP ID counter is one relaxed atomic counter (CK_STAT_*)
 * and the addresses are relaxed atomic loads and stores. */
#include "ip/ckip.h"
#include "standard/ckstat.h"

static uint32_t ELEM(src), ELEM(dst);
static uint32_t ELEM(seq); /* packets encapsulated so far */

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(src) = (uint32_t)CONF(SRC);
    ELEM(dst) = (uint32_t)CONF(DST);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP_HDR + 8);
    if (!p)
        return NULL;
    uint16_t id = (uint16_t)(CK_STAT_FETCH_ADD(ELEM(seq), 1) % 0xFFFFu + 1);
    unsigned char *ip = p->data;
    uint32_t src = CK_STAT_LOAD(ELEM(src)), dst = CK_STAT_LOAD(ELEM(dst));
    memset(ip, 0, CKIP_HDR + 8);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)p->len);
    ck_put16(ip + CKIP_ID, id);
    ip[CKIP_TTL] = 255;
    ip[CKIP_P] = CKIP_PROTO_ICMP;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    unsigned char *icmp = ip + CKIP_HDR;
    icmp[0] = CKICMP_ECHO;
    ck_put16(icmp + 4, (uint16_t)CONF(IDENTIFIER));
    ck_put16(icmp + 6, id);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    ck_set_raw16(icmp + 2, ck_in_cksum(icmp, p->len - CKIP_HDR));
    memcpy(p->anno + DST_IP_ANNO_OFFSET, &dst, 4);
    ck_set_network_header(p, ip, CKIP_HDR);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_IP(src, CK_STAT_LOAD(ELEM(src)));
CK_DATA_READ_IP(dst, CK_STAT_LOAD(ELEM(dst)));
CK_DATA_WRITE_IP_STAT(src, ELEM(src), "syntax error");
CK_DATA_WRITE_IP_STAT(dst, ELEM(dst), "syntax error");
