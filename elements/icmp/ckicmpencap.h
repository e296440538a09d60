/* The body of ICMPIPEncap and ICMPPingEncap (per instance; Click's
 * elements/icmp/icmpipencap.cc and icmppingencap.cc build the same headers): the template
 * defines CK_ICMP_TYPE and CK_ICMP_CODE (constants or CONF expressions) and has the arguments
 * SRC, DST and IDENTIFIER.  Prepends a 20-byte IP header (TTL 255, protocol ICMP, ID 1, 2, ...
 * 65535, 1, ... skipping 0, header checksum) and an ICMP header of that type and code, 8 bytes
 * (20 for timestamp and timestamp reply), zeroed but for type and code; echo, echo reply,
 * timestamp, timestamp reply, information request and reply also carry IDENTIFIER and the IP ID
 * as sequence number.  The ICMP checksum covers the ICMP header and the packet; the destination
 * annotation becomes DST and the network header annotation the new header.  Handlers src and
 * dst read and change the addresses ("syntax error").  With ELEMENT_NTHREADS above 1 the ID
 * counter and the addresses are relaxed atomics (standard/ckstat.h).  Out of memory is a
 * counted drop. */
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
    unsigned type = (uint8_t)(CK_ICMP_TYPE);
    uint32_t ihl = type == CKICMP_TSTAMP || type == CKICMP_TSTAMPREPLY ? 20 : 8;
    p = ck_packet_push(p, CKIP_HDR + ihl);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    uint16_t id = (uint16_t)(CK_STAT_FETCH_ADD(ELEM(seq), 1) % 0xFFFFu + 1);
    uint32_t src = CK_STAT_LOAD(ELEM(src)), dst = CK_STAT_LOAD(ELEM(dst));
    unsigned char *ip = p->data;
    memset(ip, 0, CKIP_HDR + ihl);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)p->len);
    ck_put16(ip + CKIP_ID, id);
    ip[CKIP_TTL] = 255;
    ip[CKIP_P] = CKIP_PROTO_ICMP;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    unsigned char *icmp = ip + CKIP_HDR;
    icmp[0] = (unsigned char)type;
    icmp[1] = (unsigned char)(CK_ICMP_CODE);
    if (type == CKICMP_ECHO || type == CKICMP_ECHOREPLY || type == CKICMP_TSTAMP ||
        type == CKICMP_TSTAMPREPLY || type == CKICMP_IREQ || type == CKICMP_IREQREPLY) {
        ck_put16(icmp + 4, (uint16_t)CONF(IDENTIFIER));
        ck_put16(icmp + 6, id);
    }
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
