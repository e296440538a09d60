/* ProtocolTranslator64(): IPv6 to IPv4, as Click's elements/ip6/protocoltranslator64.cc
 * (after SIIT, RFC 2765).  The packet's data must start with its IPv6 header; extension
 * headers are not parsed.  Packets whose source and destination are both IPv4-mapped
 * (::ffff:a.b.c.d, not 0.0.0.0) become a new packet (fresh annotations, as Click's
 * Packet::make): a 20-byte IPv4 header (TOS 0, ID 0, DF set, TTL the hop limit, the mapped
 * addresses) and the payload.  Next header 6/17 (TCP/UDP) keeps its protocol and gets new
 * IPv4 transport and header checksums; next header 58 (ICMPv6) becomes ICMP (below); any
 * other next header gives protocol 0 and no header checksum, as in Click.
 *
 * ICMPv6 is rewritten into ICMP with its length counted in a byte, as Click does (a payload
 * of 256 bytes or more wraps): echo request/reply (types 8, 0), unreachable (Click's code
 * table), packet too big (unreachable code 4), time exceeded (type 11, same code), parameter
 * problem (code 0: type 12 with Click's pointer table; code 2: pointer 0xFF; code 1:
 * unreachable code 2); the rest of the message is copied unchanged and the ICMP checksum
 * computed.  The IPv4 header checksum of a translated ICMP packet is Click's: computed over
 * the whole packet.  Counted drops where Click drops silently, crashes or reads past the
 * data: "not IPv4-mapped" (Click kills these silently), "bad IPv6 header" (under 40 bytes or
 * a payload length beyond the data), "truncated transport header" (TCP under 18 bytes, UDP
 * under 8, ICMPv6 under 8), "ICMPv6 type not translated". */
#include "ip6/ckip6.h"

#ifndef CK_PT64_ONCE
#define CK_PT64_ONCE
/* Click's make_icmp_translate64 into out (at least 256 bytes): the ICMP message for the
 * ICMPv6 message a (n >= 8 bytes); returns its length, or -1 for a type Click does not
 * translate. */
static int ck_pt64_icmp(const unsigned char *a, uint32_t n, unsigned char *out)
{
    unsigned char type = a[0], code = a[1];
    uint8_t len = (uint8_t)n; /* Click's unsigned char lengths; all headers are 8 bytes */
    memset(out, 0, 256);
    switch (type) {
    case 128: case 129:
        out[0] = type == 128 ? 8 : 0;
        memcpy(out + 4, a + 4, 4);
        break;
    case CKICMP6_UNREACH:
        out[0] = 3;
        out[1] = code == 1 ? 10 : code == 2 ? 5 : code == 3 ? 1 : code == 4 ? 3 : 0;
        break;
    case CKICMP6_PKTTOOBIG:
        out[0] = 3;
        out[1] = 4;
        break;
    case CKICMP6_TIMXCEED:
        out[0] = 11;
        out[1] = code;
        break;
    case CKICMP6_PARAMPROB: {
        uint32_t ptr = (uint32_t)a[4] << 24 | (uint32_t)a[5] << 16 | (uint32_t)a[6] << 8 | a[7];
        if (code == 0 || code == 2) {
            out[0] = 12;
            if (code == 2)
                out[4] = 0xFF;
            else
                out[4] = ptr == 4 ? 2 : ptr == 7 ? 8 : ptr == 6 ? 9 : ptr == 8 ? 12
                       : ptr == 24 ? 0xFF : 0;
        } else if (code == 1) {
            out[0] = 3;
            out[1] = 2;
        } else
            return -1;
        break;
    }
    default:
        return -1;
    }
    /* Click copies payload_length - 8 bytes after the header into a len-byte packet */
    if (len > 8)
        memcpy(out + 8, a + 8, (size_t)len - 8);
    ck_set_raw16(out + 2, ck_in_cksum(out, len));
    return len;
}
#endif

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *ip6 = p->data;
    uint32_t plen = p->len >= CKIP6_HDR ? ck_get16(ip6 + CKIP6_PLEN) : 0;
    if (p->len < CKIP6_HDR || CKIP6_HDR + plen > p->len) {
        ck_drop(p, ELEMENT_INDEX, "bad IPv6 header");
        return NULL;
    }
    static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
    const unsigned char *s6 = ip6 + CKIP6_SRC, *d6 = ip6 + CKIP6_DST;
    static const unsigned char zero4[4] = {0, 0, 0, 0};
    if (memcmp(s6, mapped, 12) || memcmp(d6, mapped, 12) || !memcmp(s6 + 12, zero4, 4)
        || !memcmp(d6 + 12, zero4, 4)) {
        ck_drop(p, ELEMENT_INDEX, "not IPv4-mapped");
        return NULL;
    }
    unsigned nxt = ip6[CKIP6_NXT];
    if ((nxt == 6 && plen < 18) || (nxt == 17 && plen < 8) || (nxt == 58 && plen < 8)) {
        ck_drop(p, ELEMENT_INDEX, "truncated transport header");
        return NULL;
    }
    const unsigned char *payload = ip6 + CKIP6_HDR;
    unsigned char icmp[256];
    int icmp_len = -1;
    if (nxt == 58 && (icmp_len = ck_pt64_icmp(payload, plen, icmp)) < 0) {
        ck_drop(p, ELEMENT_INDEX, "ICMPv6 type not translated");
        return NULL;
    }
    uint32_t outlen = icmp_len >= 0 ? (uint32_t)icmp_len : plen;
    ck_packet *q = ck_packet_alloc(CKIP_HDR + outlen);
    if (!q) {
        ck_drop(p, ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *ip = q->data, *t = ip + CKIP_HDR;
    memset(ip, 0, CKIP_HDR);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)(CKIP_HDR + outlen));
    ck_put16(ip + CKIP_OFF, 0x4000);
    ip[CKIP_TTL] = ip6[CKIP6_HLIM];
    memcpy(ip + CKIP_SRC, s6 + 12, 4);
    memcpy(ip + CKIP_DST, d6 + 12, 4);
    if (icmp_len >= 0) {
        ip[CKIP_P] = 1;
        memcpy(t, icmp, outlen);
        /* Click sums the whole packet for the header checksum */
        ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR + outlen));
    } else {
        memcpy(t, payload, plen);
        if (nxt == 6 || nxt == 17) {
            ip[CKIP_P] = (unsigned char)nxt;
            ck_transport_set_cksum(ip, t, plen, nxt == 6 ? 16 : 6);
            ck_ip_set_cksum(ip, CKIP_HDR);
        }
    }
    ck_packet_kill(p);
    return q;
}
#include "simple_action.h"
