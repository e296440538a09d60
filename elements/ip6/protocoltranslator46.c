/* ProtocolTranslator46(): IPv4 to IPv6, as Click's elements/ip6/protocoltranslator46.cc
 * (after SIIT, RFC 2765).  The packet's data must start with its IPv4 header; the header is
 * taken as 20 bytes (options are not skipped) and the payload as IP total length - 20 bytes.
 * The result is a new packet (fresh annotations, as Click's Packet::make): an IPv6 header
 * (flow 0, payload length, hop limit TTL + 0x40 - 0xFF modulo 256 as Click computes it,
 * source and destination ::ffff:SRC and ::ffff:DST, next header 6/17 for TCP/UDP, 58 for
 * ICMP, 0 otherwise) and the payload.  TCP and UDP get Click's in6_fast_cksum checksum (the
 * IPv4 checksum's words removed, the IPv6 pseudo-header added: ck_in6_fast_cksum).
 *
 * ICMP is rewritten into ICMPv6 with the header's length counted in a byte, as Click does
 * (a payload of 256 bytes or more wraps): echo and echo reply (types 128, 129, identifier and
 * sequence kept), unreachable (code 2: parameter problem code 1 pointer 6; code 4: packet too
 * big, MTU 0; other codes: unreachable with Click's code table), time exceeded (type 3, same
 * code), parameter problem (pointer mapped by Click's table, 0xFFFFFFFF otherwise); the
 * pointer is stored in host byte order, as Click stores it.  The rest of the ICMP message
 * (for errors, the quoted IPv4 header) is copied unchanged, and the ICMPv6 checksum is
 * computed.  Where Click would crash or read past the data the packet is a counted drop:
 * "bad IP header" (shorter than 20 bytes, or an IP length outside 20..length),
 * "truncated transport header" (TCP under 18 bytes, UDP under 8), "ICMP type not translated"
 * (Click dereferences a null packet). */
#include "ip6/ckip6.h"

#ifndef CK_PT46_ONCE
#define CK_PT46_ONCE
/* Click's make_icmp_translate46 into out (at least 264 bytes): the ICMPv6 message for the
 * ICMP message a (n bytes, n > 0); returns its length (Click's unsigned char arithmetic), or
 * -1 for a type Click does not translate. */
static int ck_pt46_icmp(const unsigned char *a, uint32_t n, const unsigned char *src6,
                        const unsigned char *dst6, unsigned char *out)
{
    unsigned char type = a[0], code = a[1], pointer = n > 4 ? a[4] : 0;
    uint8_t len = (uint8_t)n; /* Click's unsigned char payload_length; every header here is
                               * 8 bytes, so icmp6_length = payload_length */
    memset(out, 0, 264);
    uint32_t ptr;
    switch (type) {
    case 8: case 0:
        out[0] = type == 8 ? 128 : 129;
        memcpy(out + 4, a + 4, n >= 8 ? 4 : (n > 4 ? n - 4 : 0));
        break;
    case 3:
        if (code == 2) {
            out[0] = CKICMP6_PARAMPROB;
            out[1] = 1;
            ptr = 6;
            memcpy(out + 4, &ptr, 4); /* host order, as Click */
        } else if (code == 4)
            out[0] = CKICMP6_PKTTOOBIG;
        else {
            out[0] = CKICMP6_UNREACH;
            out[1] = code == 3 ? 4 : code == 5 ? 2 : (code == 9 || code == 10) ? 1 : 0;
        }
        break;
    case 11:
        out[0] = CKICMP6_TIMXCEED;
        out[1] = code;
        break;
    case 12:
        out[0] = CKICMP6_PARAMPROB;
        ptr = pointer == 0 ? 0 : pointer == 2 ? 4 : pointer == 8 ? 7 : pointer == 9 ? 6
            : pointer == 12 ? 8 : pointer == 16 ? 24 : 0xFFFFFFFFu;
        memcpy(out + 4, &ptr, 4);
        break;
    default:
        return -1;
    }
    /* Click copies icmp6_length bytes from a + 8 to out + 8; the packet keeps len bytes */
    if (len > 8)
        memcpy(out + 8, a + 8, (size_t)len - 8 < n - 8 ? (size_t)len - 8 : n - 8);
    uint16_t l = htons(len);
    ck_put16(out + 2, ck_in6_fast_cksum(src6, dst6, l, CKIP6_PROTO_ICMP6, 0, out, l));
    return len;
}
#endif

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *ip = p->data;
    uint32_t iplen = p->len >= CKIP_HDR ? ck_get16(ip + CKIP_LEN) : 0;
    if (iplen < CKIP_HDR || iplen > p->len) {
        ck_drop(p, ELEMENT_INDEX, "bad IP header");
        return NULL;
    }
    uint32_t plen = iplen - CKIP_HDR;
    unsigned proto = ip[CKIP_P];
    if ((proto == 6 && plen < 18) || (proto == 17 && plen < 8)) {
        ck_drop(p, ELEMENT_INDEX, "truncated transport header");
        return NULL;
    }
    unsigned char h[CKIP6_HDR];
    memset(h, 0, sizeof h);
    h[0] = 0x60;
    h[CKIP6_HLIM] = (unsigned char)(ip[CKIP_TTL] + 0x40 - 0xFF);
    h[CKIP6_SRC + 10] = h[CKIP6_SRC + 11] = h[CKIP6_DST + 10] = h[CKIP6_DST + 11] = 0xFF;
    memcpy(h + CKIP6_SRC + 12, ip + CKIP_SRC, 4);
    memcpy(h + CKIP6_DST + 12, ip + CKIP_DST, 4);
    const unsigned char *payload = ip + CKIP_HDR;
    unsigned char icmp6[264];
    int icmp6_len = -1;
    if (proto == 1) {
        h[CKIP6_NXT] = CKIP6_PROTO_ICMP6;
        if (plen == 0 || (icmp6_len = ck_pt46_icmp(payload, plen, h + CKIP6_SRC,
                                                   h + CKIP6_DST, icmp6)) < 0) {
            ck_drop(p, ELEMENT_INDEX, "ICMP type not translated");
            return NULL;
        }
    } else if (proto == 6 || proto == 17)
        h[CKIP6_NXT] = (unsigned char)proto;
    uint32_t outlen = icmp6_len >= 0 ? (uint32_t)icmp6_len : plen;
    ck_packet *q = ck_packet_alloc(CKIP6_HDR + outlen);
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    ck_put16(h + CKIP6_PLEN, (uint16_t)outlen);
    memcpy(q->data, h, CKIP6_HDR);
    unsigned char *t = q->data + CKIP6_HDR;
    if (icmp6_len >= 0)
        memcpy(t, icmp6, outlen);
    else {
        memcpy(t, payload, plen);
        if (proto == 6 || proto == 17) {
            unsigned off = proto == 6 ? 16 : 6;
            uint16_t ori, l = htons((uint16_t)plen);
            memcpy(&ori, t + off, 2);
            ck_put16(t + off, ck_in6_fast_cksum(h + CKIP6_SRC, h + CKIP6_DST, l,
                                                (uint8_t)proto, ori, payload, l));
        }
    }
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"
