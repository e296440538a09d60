/*
 * IPv4 helpers shared by the IP element templates (CheckIPHeader, ICMPError, IPFragmenter,
 * DecIPTTL ...): header field offsets, bounds-checked header access, Internet checksums and
 * address formatting.
 *
 * The checksum functions compute what Click's click_in_cksum, click_in_cksum_pseudohdr and
 * click_update_in_cksum compute (RFC 1071 one's-complement sum of 16-bit words in memory
 * order, RFC 1624 incremental update); they are written here from those RFCs.  Results are
 * 16-bit values in memory (network) order, ready to store into a header with ck_put16.
 *
 * Included by every instance of those templates; the include guard makes the file's
 * definitions appear once in a router's translation unit.
 */
#ifndef CKIP_H
#define CKIP_H

#include <stdint.h>
#include <string.h>
#include <stdio.h>
#include <errno.h>

/* click_ip field offsets (RFC 791) */
#define CKIP_VHL 0
#define CKIP_TOS 1
#define CKIP_LEN 2
#define CKIP_ID 4
#define CKIP_OFF 6
#define CKIP_TTL 8
#define CKIP_P 9
#define CKIP_SUM 10
#define CKIP_SRC 12
#define CKIP_DST 16
#define CKIP_HDR 20 /* sizeof(click_ip) */

#define CKIP_RF 0x8000
#define CKIP_DF 0x4000
#define CKIP_MF 0x2000
#define CKIP_OFFMASK 0x1FFF

/* IP options */
#define CKIPOPT_EOL 0
#define CKIPOPT_NOP 1
#define CKIPOPT_RR 7
#define CKIPOPT_TS 68
#define CKIPOPT_LSRR 131
#define CKIPOPT_SSRR 137

#define CKIP_PROTO_ICMP 1
#define CKIP_PROTO_TCP 6
#define CKIP_PROTO_UDP 17

/* ICMP types and codes used by the elements */
#define CKICMP_ECHOREPLY 0
#define CKICMP_UNREACH 3
#define CKICMP_SOURCEQUENCH 4
#define CKICMP_REDIRECT 5
#define CKICMP_ECHO 8
#define CKICMP_ROUTERADVERT 9
#define CKICMP_TIMXCEED 11
#define CKICMP_PARAMPROB 12
#define CKICMP_TSTAMP 13
#define CKICMP_TSTAMPREPLY 14
#define CKICMP_IREQ 15
#define CKICMP_IREQREPLY 16
#define CKICMP_UNREACH_NEEDFRAG 4
#define CKICMP_PARAMPROB_ERRATPTR 0

static inline uint16_t ck_get16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline void ck_put16(unsigned char *p, uint16_t v) { p[0] = (unsigned char)(v >> 8); p[1] = (unsigned char)v; }
/* 16-bit value in memory order (what a uint16_t field holds on this host). */
static inline uint16_t ck_raw16(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static inline void ck_set_raw16(unsigned char *p, uint16_t v) { memcpy(p, &v, 2); }
/* 32-bit value in memory order (addresses, as Click's in_addr.s_addr). */
static inline uint32_t ck_raw32(const unsigned char *p) { uint32_t v; memcpy(&v, p, 4); return v; }

/* One's-complement sum of len bytes in memory order, folded to 16 bits, not complemented.
 * Sums 32-bit words into a 64-bit accumulator: congruent modulo 0xFFFF to the sum of 16-bit
 * words (2^16 = 1 mod 0xFFFF), and folding keeps a nonzero sum nonzero, so the result equals
 * RFC 1071's 16-bit sum. */
static inline uint32_t ck_cksum_partial(const unsigned char *a, uint32_t len, uint32_t sum)
{
    uint64_t s = sum;
    while (len >= 4) {
        uint32_t w;
        memcpy(&w, a, 4);
        s += w;
        a += 4;
        len -= 4;
    }
    if (len >= 2) {
        uint16_t w;
        memcpy(&w, a, 2);
        s += w;
        a += 2;
        len -= 2;
    }
    if (len) {
        uint16_t w = 0;
        memcpy(&w, a, 1);
        s += w;
    }
    s = (s & 0xFFFFFFFFu) + (s >> 32);
    s = (s & 0xFFFFFFFFu) + (s >> 32);
    while (s >> 16)
        s = (s & 0xFFFF) + (s >> 16);
    return (uint32_t)s;
}

/* Click's click_in_cksum: the Internet checksum of [a, a+len), in memory order. */
static inline uint16_t ck_in_cksum(const unsigned char *a, uint32_t len)
{
    return (uint16_t)~ck_cksum_partial(a, len, 0);
}

/* The IP header checksum (ck_in_cksum of the hlen-byte header at a) with a fast path for the
 * usual 20-byte header: ten 16-bit words summed (below 10 * 2^16), then two end-around-carry
 * folds (RFC 1071's sum, as in ck_cksum_partial).  Other lengths take the generic loop.
 * Why 16-bit loads: a packet is usually checked right after a source copied it in (FromDump,
 * InfiniteSource: memcpy's 16-byte stores from the frame's start), and behind a 14-byte
 * Ethernet header the IP header is 2 bytes off any wider alignment, so a wider load (clang
 * turned five 32-bit loads into one 16-byte load at frame offset 14) spans two of those
 * stores; the CPU cannot forward it from the store buffer and waits for the stores to retire.
 * On the project's EPYC that stall was 18% of the samples of iprouter-01's source task;
 * 16-bit loads at even offsets each sit inside one store (22.1 -> 21.3 ns/packet, -O2,
 * docs/performance.md).  The empty asm keeps clang from merging them again. */
/* A 32-bit header field (an IP address) in memory order, read as two 16-bit loads: behind a
 * 14-byte Ethernet header it is 2 bytes off 4-byte alignment, so right after a copy a 4-byte
 * load can span two of the copy's stores (see ck_ip_hdr_cksum). */
static inline uint32_t ck_hdr_raw32(const unsigned char *p)
{
    uint32_t lo = ck_raw16(p), hi = ck_raw16(p + 2);
    __asm__("" : "+r"(lo)); /* two loads, not one the compiler would merge */
    return __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ ? lo | hi << 16 : lo << 16 | hi;
}

static inline uint16_t ck_ip_hdr_cksum(const unsigned char *a, uint32_t hlen)
{
    if (CK_LIKELY(hlen == CKIP_HDR)) {
        uint32_t w[CKIP_HDR / 2];
        for (int i = 0; i < CKIP_HDR / 2; i++) {
            w[i] = ck_raw16(a + 2 * i);
            __asm__("" : "+r"(w[i])); /* ten 16-bit loads (see above) */
        }
        /* a tree, not a chain of ten dependent additions */
        uint32_t s = ((w[0] + w[1]) + (w[2] + w[3])) + ((w[4] + w[5]) + (w[6] + w[7])) +
                     (w[8] + w[9]);
        s = (s & 0xFFFF) + (s >> 16);
        s = (s & 0xFFFF) + (s >> 16);
        return (uint16_t)~s;
    }
    return ck_in_cksum(a, hlen);
}

/* Click's click_in_cksum_pseudohdr_raw: fold the TCP/UDP pseudo-header (src, dst in memory
 * order, protocol, transport length) into csum (a checksum as ck_in_cksum returns it). */
static inline uint16_t ck_in_cksum_pseudohdr_raw(uint32_t csum, uint32_t src, uint32_t dst,
                                                 int proto, int len)
{
    uint32_t s = ~csum & 0xFFFF;
    unsigned char b[2];
    s += (src & 0xFFFF) + (src >> 16);
    s += (dst & 0xFFFF) + (dst >> 16);
    ck_put16(b, (uint16_t)len);
    s += ck_raw16(b);
    ck_put16(b, (uint16_t)proto);
    s += ck_raw16(b);
    s = (s & 0xFFFF) + (s >> 16);
    return (uint16_t)(~(s + (s >> 16)) & 0xFFFF);
}

/* Click's click_in_cksum_pseudohdr: as above with the addresses of the IP header at iph
 * (hlen bytes available); a source route option supplies the final destination. */
static inline uint16_t ck_in_cksum_pseudohdr(uint32_t csum, const unsigned char *iph, int len)
{
    int hlen = (iph[0] & 0xF) << 2;
    uint32_t dst = ck_raw32(iph + CKIP_DST);
    if (hlen > CKIP_HDR) {
        const unsigned char *o = iph + CKIP_HDR, *end = iph + hlen;
        while (o < end) {
            if (*o == CKIPOPT_NOP) {
                o++;
                continue;
            } else if (*o == CKIPOPT_EOL)
                break;
            if (o + 1 >= end || o[1] < 2 || o + o[1] > end)
                break;
            if ((*o == CKIPOPT_SSRR || *o == CKIPOPT_LSRR) && o[1] >= 7) {
                dst = ck_raw32(o + o[1] - 4);
                break;
            }
            o += o[1];
        }
    }
    return ck_in_cksum_pseudohdr_raw(csum, ck_raw32(iph + CKIP_SRC), dst, iph[CKIP_P], len);
}

/* Click's click_update_in_cksum (RFC 1624): checksum field at f (memory order) updated for a
 * halfword changing from old_hw to new_hw (both memory order). */
static inline void ck_update_in_cksum(unsigned char *f, uint16_t old_hw, uint16_t new_hw)
{
    uint32_t sum = (uint32_t)(~ck_raw16(f) & 0xFFFF) + (uint32_t)(~old_hw & 0xFFFF) + new_hw;
    sum = (sum & 0xFFFF) + (sum >> 16);
    ck_set_raw16(f, (uint16_t)~(sum + (sum >> 16)));
}

/* Recompute the IP header checksum of the hlen-byte header at ip. */
static inline void ck_ip_set_cksum(unsigned char *ip, uint32_t hlen)
{
    ck_set_raw16(ip + CKIP_SUM, 0);
    ck_set_raw16(ip + CKIP_SUM, ck_ip_hdr_cksum(ip, hlen));
}

/* Store the TCP or UDP checksum of the len-byte transport segment at t, whose IP header ip
 * gives the pseudo-header (RFC 793, RFC 768), in the checksum field at t + sum_off (16 for
 * TCP, 6 for UDP): the field is zeroed, then the segment and pseudo-header sum goes in (Click's
 * click_in_cksum and click_in_cksum_pseudohdr).  A UDP result of 0 is stored as 0. */
static inline void ck_transport_set_cksum(const unsigned char *ip, unsigned char *t, uint32_t len,
                                          uint32_t sum_off)
{
    ck_set_raw16(t + sum_off, 0);
    ck_set_raw16(t + sum_off, ck_in_cksum_pseudohdr(ck_in_cksum(t, len), ip, (int)len));
}

/* Packet geometry: bytes from the network (transport) header to the end of the data; -1 when
 * the header is unset or lies outside the data. */
/* One unsigned comparison covers all three cases: an unset offset (-1) or a header before the
 * data gives a negative off (data - head >= 0), which converts to a value above any len. */
static inline long ck_network_length(const ck_packet *p)
{
    long off = (long)p->nh_off - (long)(p->data - p->head);
    if (CK_UNLIKELY((unsigned long)off > (unsigned long)p->len))
        return -1;
    return (long)p->len - off;
}
static inline long ck_transport_length(const ck_packet *p)
{
    long off = (long)p->th_off - (long)(p->data - p->head);
    if (CK_UNLIKELY((unsigned long)off > (unsigned long)p->len))
        return -1;
    return (long)p->len - off;
}

/* Dotted-quad text of an address in memory order (Click's IPAddress::unparse). */
static inline void ck_ip_unparse(char out[16], uint32_t a)
{
    const unsigned char *b = (const unsigned char *)&a;
    snprintf(out, 16, "%u.%u.%u.%u", b[0], b[1], b[2], b[3]);
}
static inline void ck_buf_ip(ck_buf *out, uint32_t a)
{
    char s[16];
    ck_ip_unparse(s, a);
    ck_buf_puts(out, s);
}

/* Parse a dotted quad "a.b.c.d" (Click's IPAddressArg for plain addresses; surrounding
 * spaces allowed) into memory order; returns 0, or -1 when s is not an address. */
static inline int ck_ip_parse(const char *s, uint32_t *out)
{
    unsigned char b[4];
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    for (int i = 0; i < 4; i++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned v = 0;
        int nd = 0;
        while (*s >= '0' && *s <= '9' && nd < 4) {
            v = v * 10 + (unsigned)(*s++ - '0');
            nd++;
        }
        if (v > 255 || (*s >= '0' && *s <= '9'))
            return -1;
        b[i] = (unsigned char)v;
        if (i < 3 && *s++ != '.')
            return -1;
    }
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
        s++;
    if (*s)
        return -1;
    memcpy(out, b, 4);
    return 0;
}

#endif /* CKIP_H */
