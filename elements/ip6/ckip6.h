/*
 * IPv6 helpers shared by the IPv6 element templates (CheckIP6Header, DecIP6HLIM,
 * LookupIP6Route, ICMP6Error, IP6NDAdvertiser, IP6NDSolicitor): header field offsets (RFC 8200),
 * the destination IPv6 annotation, address text in both directions, prefix matching and the
 * ICMPv6 checksum (RFC 4443 2.3, pseudo-header of RFC 8200 8.1).
 *
 * ck_in6_fast_cksum computes exactly what Click's in6_fast_cksum (lib/ip6address.cc) computes,
 * including its 32-bit accumulator, which can wrap without an end-around carry when the packet
 * words are added: the generated packets and the solicitation check must agree with Click's
 * bit for bit.  ck_ip6_unparse writes Click's IP6Address::unparse text (RFC 5952 with Click's
 * "::a.b.c.d" / "::ffff:a.b.c.d" forms).
 *
 * Included by every instance of those templates; the include guard makes the definitions
 * appear once in a router's translation unit.
 */
#ifndef CKIP6_H
#define CKIP6_H

#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <arpa/inet.h>

#include "ip/ckip.h"

/* click_ip6 field offsets */
#define CKIP6_FLOW 0
#define CKIP6_PLEN 4
#define CKIP6_NXT 6
#define CKIP6_HLIM 7
#define CKIP6_SRC 8
#define CKIP6_DST 24
#define CKIP6_HDR 40 /* sizeof(click_ip6) */

#define CKIP6_PROTO_ICMP6 58
#define CKETHERTYPE_IP6 0x86DD

/* ICMPv6 types (RFC 4443, RFC 4861) */
#define CKICMP6_UNREACH 1
#define CKICMP6_PKTTOOBIG 2
#define CKICMP6_TIMXCEED 3
#define CKICMP6_PARAMPROB 4
#define CKICMP6_REDIRECT 137
#define CKND_SOL 0x87
#define CKND_ADV 0x88

/* sizeof(click_nd_sol), sizeof(click_nd_adv) (Click's clicknet/ether.h): type, code,
 * checksum, 4 bytes (reserved or flags), the 16-byte target, a link-layer address option */
#define CKND_SOL_LEN 32
#define CKND_ADV_LEN 32

/* DST_IP6_ANNO: 16 bytes at annotation offset 0 (Click's packet_anno.hh) */
#define CK_DST_IP6_ANNO_OFFSET 0
static inline const unsigned char *ck_dst_ip6_anno(const ck_packet *p) { return p->anno + CK_DST_IP6_ANNO_OFFSET; }
static inline void ck_set_dst_ip6_anno(ck_packet *p, const unsigned char *a) { memcpy(p->anno + CK_DST_IP6_ANNO_OFFSET, a, 16); }

static inline int ck_ip6_is_zero(const unsigned char *a)
{
    static const unsigned char z[16];
    return memcmp(a, z, 16) == 0;
}

/* Click's IP6Address::unparse (RFC 5952): the longest run of zero groups (the first of equal
 * runs, at least two groups) becomes "::"; ::a.b.c.d and ::ffff:a.b.c.d for IPv4-compatible
 * and IPv4-mapped addresses. */
static inline void ck_ip6_unparse_s(char out[48], const unsigned char *a)
{
    static const unsigned char z[16];
    char *o = out;
    if (memcmp(a, z, 8) == 0) {
        if (memcmp(a, z, 16) == 0) {
            strcpy(out, "::");
            return;
        } else if (memcmp(a + 8, z, 4) == 0) {
            snprintf(out, 48, "::%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
            return;
        } else if (a[8] == 0 && a[9] == 0 && a[10] == 0xFF && a[11] == 0xFF) {
            snprintf(out, 48, "::ffff:%u.%u.%u.%u", a[12], a[13], a[14], a[15]);
            return;
        }
    }
    int zp = 0, zl = 0, lzp = 0;
    for (int i = 0; i < 8; i++) {
        if (a[2 * i] || a[2 * i + 1])
            lzp = i + 1;
        else if (i + 1 - lzp > zl) {
            zp = lzp;
            zl = i + 1 - lzp;
        }
    }
    for (int i = 0; i < 8; i++) {
        if (i == zp && zl > 1) {
            i += zl - 1;
            *o++ = ':';
            if (i == 7)
                *o++ = ':';
        } else
            o += sprintf(o, i ? ":%x" : "%x", (unsigned)(a[2 * i] << 8 | a[2 * i + 1]));
    }
    *o = 0;
}

static inline void ck_buf_ip6(ck_buf *out, const unsigned char *a)
{
    char s[48];
    ck_ip6_unparse_s(s, a);
    ck_buf_puts(out, s);
}

/* Parse an IPv6 address (the RFC 4291 2.2 text forms, as inet_pton) of n bytes at s into 16
 * bytes; returns 0, or -1 when it is not an address. */
static inline int ck_ip6_parse_n(const char *s, size_t n, unsigned char out[16])
{
    char buf[64];
    if (n == 0 || n >= sizeof buf)
        return -1;
    memcpy(buf, s, n);
    buf[n] = 0;
    return inet_pton(AF_INET6, buf, out) == 1 ? 0 : -1;
}

/* The DST argument of IP6Encap and UDPIP6Encap (also written to their dst handlers), spaces
 * around it ignored: "DST_ANNO" (with prefix_ok, any text starting with it, as UDPIP6Encap
 * compares) gives 1 and out zero; an IPv6 address gives 0 and out set; anything else -1. */
static inline int ck_ip6_dst_arg(const char *s, int prefix_ok, unsigned char out[16])
{
    while (*s == ' ' || *s == '\t' || *s == '\n')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n'))
        n--;
    if ((n == 8 || (prefix_ok && n > 8)) && memcmp(s, "DST_ANNO", 8) == 0) {
        memset(out, 0, 16);
        return 1;
    }
    return ck_ip6_parse_n(s, n, out) == 0 ? 0 : -1;
}

static inline void ck_ip6_prefix_mask(int len, unsigned char mask[16])
{
    for (int i = 0; i < 16; i++) {
        int bits = len - 8 * i;
        mask[i] = bits >= 8 ? 0xFF : bits <= 0 ? 0 : (unsigned char)(0xFF << (8 - bits));
    }
}

/* Prefix length of a mask, or -1 when it is not a prefix mask (Click's mask_to_prefix_len). */
static inline int ck_ip6_mask_len(const unsigned char mask[16])
{
    int len = 0, i = 0;
    for (; i < 16 && mask[i] == 0xFF; i++)
        len += 8;
    if (i < 16) {
        unsigned m = mask[i];
        while (m & 0x80) {
            len++;
            m = (m << 1) & 0xFF;
        }
        if (m)
            return -1;
        for (i++; i < 16; i++)
            if (mask[i])
                return -1;
    }
    return len;
}

/* Parse Click's IP6PrefixArg(allow_bare_address) forms "ADDR/LEN", "ADDR/MASK" and (when
 * bare is nonzero) "ADDR" (a /128) in n bytes at s; returns 0 or -1. */
static inline int ck_ip6_prefix_parse_n(const char *s, size_t n, int bare,
                                        unsigned char addr[16], unsigned char mask[16])
{
    const char *slash = memchr(s, '/', n);
    if (!slash) {
        if (!bare || ck_ip6_parse_n(s, n, addr) < 0)
            return -1;
        memset(mask, 0xFF, 16);
        return 0;
    }
    if (ck_ip6_parse_n(s, (size_t)(slash - s), addr) < 0)
        return -1;
    const char *m = slash + 1;
    size_t mn = n - (size_t)(m - s);
    if (mn > 0 && mn <= 3 && strspn(m, "0123456789") >= mn) {
        int len = 0;
        for (size_t i = 0; i < mn; i++)
            len = len * 10 + (m[i] - '0');
        if (len > 128)
            return -1;
        ck_ip6_prefix_mask(len, mask);
        return 0;
    }
    if (ck_ip6_parse_n(m, mn, mask) < 0 || ck_ip6_mask_len(mask) < 0)
        return -1;
    return 0;
}

/* a & mask == net (Click's IP6Address::matches_prefix with net already masked) */
static inline int ck_ip6_matches(const unsigned char *a, const unsigned char *net,
                                 const unsigned char *mask)
{
    for (int i = 0; i < 16; i++)
        if ((a[i] & mask[i]) != net[i])
            return 0;
    return 1;
}

/* Click's in6_fast_cksum: ICMPv6/upper-layer checksum over the pseudo-header (src, dst, the
 * payload length plen_net as stored in the header, next header proto) and len2_net (stored
 * order) bytes at data, less the word ori_csum (stored order); returns the checksum in host
 * order, to be stored with ck_put16.  Reproduces Click's arithmetic exactly (see above). */
static inline uint16_t ck_in6_fast_cksum(const unsigned char *src, const unsigned char *dst,
                                         uint16_t plen_net, uint8_t proto, uint16_t ori_csum,
                                         const unsigned char *data, uint16_t len2_net)
{
    uint32_t csum = 0;
    for (int k = 0; k < 2; k++) {
        const unsigned char *a = k ? dst : src;
        for (int i = 0; i < 4; i++) {
            uint32_t w = (uint32_t)a[4 * i] << 24 | (uint32_t)a[4 * i + 1] << 16
                | (uint32_t)a[4 * i + 2] << 8 | a[4 * i + 3];
            csum += w;
            csum += (csum < w);
        }
    }
    csum += ntohs(plen_net);
    csum += proto;
    uint16_t nleft = ntohs(len2_net);
    const unsigned char *w = data;
    while (nleft > 1) {
        csum += (uint32_t)(w[0] << 8 | w[1]);
        w += 2;
        nleft -= 2;
    }
    if (nleft == 1)
        csum += (uint32_t)w[0] << 8;
    csum -= ntohs(ori_csum);
    while (csum >> 16)
        csum = (csum & 0xFFFF) + (csum >> 16);
    return (uint16_t)~csum;
}

#endif /* CKIP6_H */
