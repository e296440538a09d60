/* ICMP6Error(SRC, TYPE, CODE): turns each IPv6 packet into an ICMPv6 error message about it,
 * from SRC to the packet's source (Click's elements/ip6/icmp6error.cc, RFC 4443 2.4):
 *
 * - no message (the packet is dropped, counted under the reason) for a packet without an
 *   IPv6 network header, a multicast destination (ff00::/8), or a link-level broadcast or
 *   multicast (packet type annotation);
 * - as Click's, the test "do not answer an ICMPv6 error message" reads the message type from
 *   the first byte of the IPv6 header (Click casts the IP header itself to the ICMPv6 header),
 *   so it holds only for a next header of 58 and a version/class byte of 1 to 4;
 * - the message is a 40-byte IPv6 header (hop limit 255, next header 58, payload length of
 *   the rest), the 8-byte ICMPv6 header (40 bytes for a redirect: target DST_IP6 annotation,
 *   destination the packet's), and at most 568 bytes of the packet from its first data byte;
 * - Click stores two 32-bit fields in host byte order: a packet too big with code 0 carries
 *   MTU 1500, a parameter problem with code 0 the ICMP_PARAMPROB annotation as its pointer;
 *   they are stored here the same way, so the bytes equal Click's on the same machine;
 * - the checksum is Click's in6_fast_cksum; the message gets DST_IP6 = its destination,
 *   FIX_IP_SRC set and its network header; its timestamp is not set (Packet::make). */
#include "ip6/ckip6.h"

static unsigned char ELEM(src)[16];

static int ELEM(is_error_type)(int type)
{
    return type == CKICMP6_UNREACH || type == CKICMP6_PKTTOOBIG || type == CKICMP6_TIMXCEED
        || type == CKICMP6_PARAMPROB;
}

static int
ELEM(init)(ck_errh *errh)
{
    long type = (long)CONF(TYPE), code = (long)CONF(CODE);
    memcpy(ELEM(src), CONF(SRC), 16);
    if (type < 0 || code < 0 || ck_ip6_is_zero(ELEM(src)))
        return ck_error(errh, "not configured -a");
    if (!ELEM(is_error_type)((int)type) && type != CKICMP6_REDIRECT)
        return ck_error(errh, "ICMP6 type %ld is not an error or redirect type", type);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const int type = (int)CONF(TYPE), code = (int)CONF(CODE);
    if (ck_network_length(p) < CKIP6_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP6 header");
        return NULL;
    }
    const unsigned char *ipp = ck_network_header(p);
    if (ipp[CKIP6_NXT] == CKIP6_PROTO_ICMP6 && ELEM(is_error_type)(ipp[0])) {
        ck_drop(p, ELEMENT_INDEX, "ICMP6 error message");
        return NULL;
    }
    if (ipp[CKIP6_DST] == 0xFF) {
        ck_drop(p, ELEMENT_INDEX, "multicast destination");
        return NULL;
    }
    if (p->packet_type == CK_PACKET_BROADCAST || p->packet_type == CK_PACKET_MULTICAST) {
        ck_drop(p, ELEMENT_INDEX, "link-level broadcast");
        return NULL;
    }
    uint32_t xlen = p->len > 568 ? 568 : p->len;
    uint32_t icmplen = type == CKICMP6_REDIRECT ? 40 : 8;
    ck_packet *q = ck_packet_alloc(CKIP6_HDR + icmplen + xlen);
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *nip = q->data;
    memset(nip, 0, q->len);
    nip[0] = 0x60;
    ck_put16(nip + CKIP6_PLEN, (uint16_t)(q->len - CKIP6_HDR));
    nip[CKIP6_NXT] = CKIP6_PROTO_ICMP6;
    nip[CKIP6_HLIM] = 0xFF;
    memcpy(nip + CKIP6_SRC, ELEM(src), 16);
    memcpy(nip + CKIP6_DST, ipp + CKIP6_SRC, 16);
    unsigned char *icp = nip + CKIP6_HDR;
    icp[0] = (unsigned char)type;
    icp[1] = (unsigned char)code;
    if (type == CKICMP6_PKTTOOBIG && code == 0) {
        uint32_t mtu = 1500; /* host order, as Click */
        memcpy(icp + 4, &mtu, 4);
    }
    if (type == CKICMP6_PARAMPROB && code == 0) {
        uint32_t ptr = ck_anno_u8(p, ICMP_PARAMPROB_ANNO_OFFSET); /* host order, as Click */
        memcpy(icp + 4, &ptr, 4);
    }
    if (type == CKICMP6_REDIRECT && code == 0) {
        memcpy(icp + 8, ck_dst_ip6_anno(p), 16);
        memcpy(icp + 24, ipp + CKIP6_DST, 16);
        memcpy(icp + 40, p->data, xlen);
    } else
        memcpy(icp + 8, p->data, xlen);
    /* (a redirect with a code other than 0 carries the packet after the 8-byte header, as
     * Click's, leaving the last 32 bytes zero) */
    uint16_t plen_raw = ck_raw16(nip + CKIP6_PLEN);
    ck_put16(icp + 2, ck_in6_fast_cksum(nip + CKIP6_SRC, nip + CKIP6_DST, plen_raw,
                                        CKIP6_PROTO_ICMP6, 0, icp, plen_raw));
    ck_set_dst_ip6_anno(q, nip + CKIP6_DST);
    ck_set_anno_u8(q, FIX_IP_SRC_ANNO_OFFSET, 1);
    ck_set_network_header(q, nip, CKIP6_HDR);
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"
