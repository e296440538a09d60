/* ICMPError(SRC, TYPE [, CODE, BADADDRS, MTU, PMTU, SET_FIX_ANNO]): turns each IP packet into
 * an ICMP error message about it, from SRC to the packet's source (Click's
 * elements/icmp/icmperror.cc, RFC 1812 4.3.2):
 *
 * - no message (the packet is dropped, counted under the reason) for a packet without a
 *   network header, an ICMP error message (or an ICMP packet too short to tell), an IP
 *   broadcast or multicast destination or one of BADADDRS, a link-level broadcast or
 *   multicast, a source that is not a valid unicast host (net 0, 127, class E, broadcast,
 *   multicast, BADADDRS), a fragment other than the first, or a redirect about a
 *   source-routed packet;
 * - the message is at most MTU (576) bytes: a 20-byte IP header (TOS 0, TTL 200, an ID
 *   counting from 1 shared by every ICMPError of the router, as Click's function-static
 *   counter) plus the reversed source route of a source-routed packet (unless a parameter
 *   problem points into that option), the 8-byte ICMP header (parameter problem pointer from
 *   the ICMP_PARAMPROB annotation, redirect gateway from DST_IP, need-fragmentation next-hop
 *   MTU PMTU) and as much of the packet from its IP header as fits;
 * - both checksums are computed; the message gets DST_IP = its destination, FIX_IP_SRC set
 *   (unless SET_FIX_ANNO false) and the current time as its timestamp.
 *
 * TYPE and CODE are numbers or Click's names (unreachable, needfrag, timeexceeded, ...).
 * Where Click would read past the data (an IP header or option area longer than the packet)
 * no message is sent. */
#include "ip/ckip.h"

#ifndef CK_ICMPERROR_ID
#define CK_ICMPERROR_ID
static uint16_t ck_icmperror_id = 1; /* Click: a static shared by all ICMPError elements */
#endif

static uint32_t ELEM(src);
static uint32_t ELEM(mtu);
static uint32_t ELEM(pmtu);

static int ELEM(is_error_type)(int type)
{
    return type == CKICMP_UNREACH || type == CKICMP_SOURCEQUENCH || type == CKICMP_REDIRECT
        || type == CKICMP_TIMXCEED || type == CKICMP_PARAMPROB;
}

static int
ELEM(init)(ck_errh *errh)
{
    long type = (long)CONF(TYPE), code = (long)CONF(CODE);
    if (type < 0 || type > 255)
        return ck_error(errh, "ICMP type must be between 0 and 255");
    if (!ELEM(is_error_type)((int)type))
        return ck_error(errh, "ICMP type %ld is not an error type", type);
    if (code < 0 || code > 255)
        return ck_error(errh, "argument 2 takes ICMP code (integer between 0 and 255)");
    ELEM(src) = CONF(SRC);
    ELEM(mtu) = (uint32_t)CONF(MTU);
    ELEM(pmtu) = (uint32_t)CONF(PMTU);
    return 0;
}

/* Click's ICMPError::unicast: not limited broadcast, not class D, not in BADADDRS. */
static int ELEM(unicast)(uint32_t a)
{
    const unsigned char *b = (const unsigned char *)&a;
    if (a == 0xFFFFFFFFu)
        return 0;
    if ((b[0] & 0xF0) == 0xE0)
        return 0;
#if CONF_GIVEN(BADADDRS)
    for (int i = 0; i < (int)CONF_LEN(BADADDRS); i++)
        if (CONF(BADADDRS)[i] == a)
            return 0;
#endif
    return 1;
}

/* Click's ICMPError::valid_source (RFC 1812 5.3.7, 4.2.2.11, 4.2.3.1). */
static int ELEM(valid_source)(uint32_t a)
{
    unsigned net = ((const unsigned char *)&a)[0];
    return ELEM(unicast)(a) && net != 0 && net != 127 && (net & 0xF0) != 0xF0;
}

/* Click's ICMPError::valid_source_route: offset of an LSRR/SSRR option with a usable pointer
 * in the hlen-byte header, or -1. */
static int ELEM(source_route)(const unsigned char *oa, int hlen)
{
    for (int oi = CKIP_HDR; oi < hlen;) {
        unsigned type = oa[oi];
        if (type == CKIPOPT_NOP) {
            oi++;
            continue;
        } else if (type == CKIPOPT_EOL)
            return -1;
        if (oi + 1 >= hlen)
            return -1; /* the length byte is outside the header: Click's test fails too */
        int xlen = oa[oi + 1];
        if (xlen < 2 || oi + xlen > hlen)
            return -1;
        if ((type == CKIPOPT_LSRR || type == CKIPOPT_SSRR) && xlen >= 3 && oa[oi + 2] >= 4
            && oa[oi + 2] % 4 == 0 && oa[oi + 2] <= xlen + 1)
            return oi;
        oi += xlen;
    }
    return -1;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const int type = (int)CONF(TYPE), code = (int)CONF(CODE);
    long nlen = ck_network_length(p);
    if (nlen < 0)
        goto no_header;
    if (nlen < CKIP_HDR)
        goto no_header;
    const unsigned char *ipp = ck_network_header(p);
    int hlen = (ipp[0] & 0xF) << 2;
    if (ipp[CKIP_P] == CKIP_PROTO_ICMP) {
        if ((uint32_t)hlen + 4 > p->len || ck_transport_length(p) < 1
            || ELEM(is_error_type)(ck_transport_header(p)[0])) {
            ck_drop(p, ELEMENT_INDEX, "ICMP error message");
            return NULL;
        }
    }
    if (!ELEM(unicast)(ck_raw32(ipp + CKIP_DST))) {
        ck_drop(p, ELEMENT_INDEX, "broadcast destination");
        return NULL;
    }
    if (p->packet_type == CK_PACKET_BROADCAST || p->packet_type == CK_PACKET_MULTICAST) {
        ck_drop(p, ELEMENT_INDEX, "link-level broadcast");
        return NULL;
    }
    if (!ELEM(valid_source)(ck_raw32(ipp + CKIP_SRC))) {
        ck_drop(p, ELEMENT_INDEX, "invalid source");
        return NULL;
    }
    if ((ck_get16(ipp + CKIP_OFF) & CKIP_OFFMASK) != 0) {
        ck_drop(p, ELEMENT_INDEX, "not a first fragment");
        return NULL;
    }
    if (hlen > nlen)
        goto no_header;
    int sr = ELEM(source_route)(ipp, hlen);
    if (sr >= 0) {
        if (type == CKICMP_REDIRECT) {
            ck_drop(p, ELEMENT_INDEX, "redirect about a source-routed packet");
            return NULL;
        }
        int pp = ck_anno_u8(p, ICMP_PARAMPROB_ANNO_OFFSET);
        if (type == CKICMP_PARAMPROB && code == CKICMP_PARAMPROB_ERRATPTR && sr <= pp
            && pp < sr + ipp[sr + 1])
            sr = -1;
    }

    int olen = sr >= 0 ? ipp[sr + 2] - 1 : 0;
    int nhl = sr >= 0 ? (CKIP_HDR + olen + 3) >> 2 : CKIP_HDR >> 2;
    if (ELEM(mtu) < (uint32_t)(nhl * 4 + 8)) {
        ck_drop(p, ELEMENT_INDEX, "MTU too small");
        return NULL;
    }
    ck_packet *q = ck_packet_alloc(ELEM(mtu));
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *nip = q->data;
    nip[CKIP_VHL] = (unsigned char)(0x40 | nhl);
    nip[CKIP_TOS] = 0;
    ck_put16(nip + CKIP_ID, ck_icmperror_id++);
    ck_put16(nip + CKIP_OFF, 0);
    nip[CKIP_TTL] = 200;
    nip[CKIP_P] = CKIP_PROTO_ICMP;
    ck_set_raw16(nip + CKIP_SUM, 0);
    memcpy(nip + CKIP_SRC, &ELEM(src), 4);
    memcpy(nip + CKIP_DST, ipp + CKIP_SRC, 4);
    if (sr >= 0) {
        /* the reversed source route (RFC 1812 4.3.2.6): addresses recorded so far, last
         * first, with the pointer reset to 4 */
        const unsigned char *s = ipp + sr;
        unsigned char *o = nip + CKIP_HDR;
        o[0] = s[0];
        o[1] = (unsigned char)olen;
        o[2] = 4;
        o[olen] = CKIPOPT_EOL;
        o += 3;
        for (int i = s[2] - 5; i >= 3; i -= 4, o += 4)
            memcpy(o, s + i, 4);
    }
    ck_set_network_header(q, nip, (uint32_t)(nhl << 2));
    unsigned char *icp = nip + (nhl << 2);
    icp[0] = (unsigned char)type;
    icp[1] = (unsigned char)code;
    memset(icp + 2, 0, 6);
    if (type == CKICMP_PARAMPROB && code == CKICMP_PARAMPROB_ERRATPTR)
        icp[4] = ck_anno_u8(p, ICMP_PARAMPROB_ANNO_OFFSET);
    if (type == CKICMP_REDIRECT) {
        uint32_t gw = ck_anno_u32(p, DST_IP_ANNO_OFFSET);
        memcpy(icp + 4, &gw, 4);
    }
    if (type == CKICMP_UNREACH && code == CKICMP_UNREACH_NEEDFRAG)
        ck_put16(icp + 6, (uint16_t)ELEM(pmtu));
    uint32_t xlen = ELEM(mtu) - (uint32_t)(nhl << 2) - 8;
    if ((long)xlen > nlen) {
        ck_packet_take(q, xlen - (uint32_t)nlen);
        xlen = (uint32_t)nlen;
    }
    memcpy(icp + 8, ipp, xlen);
    ck_set_raw16(icp + 2, ck_in_cksum(icp, 8 + xlen));
    ck_put16(nip + CKIP_LEN, (uint16_t)(q->len));
    ck_ip_set_cksum(nip, (uint32_t)(nhl << 2));
    memcpy(q->anno + DST_IP_ANNO_OFFSET, nip + CKIP_DST, 4);
    if (CONF(SET_FIX_ANNO))
        ck_set_anno_u8(q, FIX_IP_SRC_ANNO_OFFSET, 1);
    q->ts_ns = ck_now_ns();
    ck_packet_kill(p);
    return q;

no_header:
    ck_drop(p, ELEMENT_INDEX, "no IP header");
    return NULL;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_IP(src, ELEM(src));
CK_DATA_WRITE_IP(src, ELEM(src), "expected IP address");
CK_DATA_READ(mtu, ELEM(mtu));
CK_DATA_WRITE_UINT(mtu, ELEM(mtu), UINT32_MAX, "expected unsigned integer");
CK_DATA_READ(pmtu, ELEM(pmtu));
CK_DATA_WRITE_UINT(pmtu, ELEM(pmtu), UINT32_MAX, "expected unsigned integer");
