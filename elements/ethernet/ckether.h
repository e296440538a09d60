/* Helpers shared by the Ethernet/ARP element templates (ARPResponder, ARPQuerier, EtherRewrite,
 * HostEtherFilter): Click's
 * IPAddressArg and IPPrefixArg(true) for the run-time handlers (dotted quads only: AddressInfo
 * names are resolved at compile time, not by handlers), and the ARP header layout (Click's
 * include/clicknet/ether.h: click_ether_arp). Included by templates, once per router. */
#ifndef CK_ETHER_H
#define CK_ETHER_H
#include <stdint.h>
#include <string.h>

#define CK_ETHERTYPE_IP 0x0800
#define CK_ETHERTYPE_ARP 0x0806
#define CK_ARPHRD_ETHER 1
#define CK_ARPOP_REQUEST 1
#define CK_ARPOP_REPLY 2
/* click_ether_arp after the 14-byte Ethernet header: hrd(2) pro(2) hln pln op(2) sha(6) spa(4)
 * tha(6) tpa(4) = 28 bytes */
#define CK_ARP_LEN 28
#define CK_ARP_OFF_HRD 0
#define CK_ARP_OFF_PRO 2
#define CK_ARP_OFF_OP 6
#define CK_ARP_OFF_SHA 8
#define CK_ARP_OFF_SPA 14
#define CK_ARP_OFF_THA 18
#define CK_ARP_OFF_TPA 24

static inline uint16_t ck_eget16(const unsigned char *p) { return (uint16_t)(p[0] << 8 | p[1]); }
static inline uint32_t ck_eget32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static inline void ck_eput16(unsigned char *p, uint16_t v)
{
    p[0] = (unsigned char)(v >> 8);
    p[1] = (unsigned char)v;
}
static inline void ck_eput32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A dotted quad "A.B.C.D" at s (exactly n characters); host order in *out. Returns 0 or -1. */
static inline int ck_parse_ip_n(const char *s, size_t n, uint32_t *out)
{
    uint32_t v = 0;
    int parts = 0;
    size_t i = 0;
    while (parts < 4) {
        unsigned part = 0;
        size_t start = i;
        while (i < n && s[i] >= '0' && s[i] <= '9' && i - start < 3)
            part = part * 10 + (unsigned)(s[i++] - '0');
        if (i == start || part > 255)
            return -1;
        v = v << 8 | part;
        parts++;
        if (parts < 4) {
            if (i >= n || s[i] != '.')
                return -1;
            i++;
        }
    }
    if (i != n)
        return -1;
    *out = v;
    return 0;
}

/* Click's IPPrefixArg(true): "ADDR/LEN", "ADDR/MASK" or a bare "ADDR" (mask all ones). Host
 * order. Returns 0 or -1. */
static inline int ck_parse_ip_prefix_n(const char *s, size_t n, uint32_t *addr, uint32_t *mask)
{
    const char *slash = memchr(s, '/', n);
    if (!slash) {
        *mask = 0xFFFFFFFFu;
        return ck_parse_ip_n(s, n, addr);
    }
    size_t an = (size_t)(slash - s), mn = n - an - 1;
    if (ck_parse_ip_n(s, an, addr) < 0 || mn == 0)
        return -1;
    const char *m = slash + 1;
    if (ck_parse_ip_n(m, mn, mask) == 0)
        return 0;
    unsigned len = 0;
    for (size_t i = 0; i < mn; i++) {
        if (m[i] < '0' || m[i] > '9' || i >= 2)
            return -1;
        len = len * 10 + (unsigned)(m[i] - '0');
    }
    if (len > 32)
        return -1;
    *mask = len == 0 ? 0 : 0xFFFFFFFFu << (32 - len);
    return 0;
}

static inline int ck_parse_ip_prefix(const char *s, uint32_t *addr, uint32_t *mask)
{
    return ck_parse_ip_prefix_n(s, strlen(s), addr, mask);
}

/* Click's IPAddress::unparse_with_mask: "A.B.C.D/LEN", or "/MASK" for a non-contiguous mask
 * (host order). */
static inline void ck_unparse_ip_mask(ck_buf *out, uint32_t a, uint32_t m)
{
    ck_buf_printf(out, "%u.%u.%u.%u/", a >> 24, (a >> 16) & 255, (a >> 8) & 255, a & 255);
    uint32_t inv = ~m;
    if ((inv & (inv + 1)) == 0) {
        int len = 0;
        while (len < 32 && (m & (0x80000000u >> len)))
            len++;
        ck_buf_printf(out, "%d", len);
    } else
        ck_buf_printf(out, "%u.%u.%u.%u", m >> 24, (m >> 16) & 255, (m >> 8) & 255, m & 255);
}

static inline void ck_unparse_ip(ck_buf *out, uint32_t a)
{
    ck_buf_printf(out, "%u.%u.%u.%u", a >> 24, (a >> 16) & 255, (a >> 8) & 255, a & 255);
}
/* An Ethernet address from a write handler's value, trailing spaces and newlines ignored
 * (EtherRewrite, HostEtherFilter).  Fills out[6] and returns 0, or returns -1 (out untouched). */
static inline int ck_ether_parse_value(const char *value, unsigned char out[6])
{
    unsigned char a[6];
    char buf[64];
    size_t n = strlen(value);
    while (n && (value[n - 1] == '\n' || value[n - 1] == ' '))
        n--;
    if (n >= sizeof buf)
        return -1;
    memcpy(buf, value, n);
    buf[n] = '\0';
    if (ck_parse_ether(buf, a) < 0)
        return -1;
    memcpy(out, a, 6);
    return 0;
}

/* Click's ARPResponder::make_response: an Ethernet ARP reply to target_eth/target_ip saying
 * that src_ip is at src_eth (the Ethernet header from src_eth), with its MAC header set; NULL,
 * after Click's message, when no packet can be made.  ARPResponder and ARPFaker send it. */
static CK_UNUSED ck_packet *ck_arp_make_reply(const unsigned char *target_eth,
                                              const unsigned char *target_ip,
                                              const unsigned char *src_eth,
                                              const unsigned char *src_ip)
{
    ck_packet *q = ck_packet_alloc(14 + CK_ARP_LEN);
    if (!q) {
        ck_chatter("in arp responder: cannot make packet!");
        return NULL;
    }
    unsigned char *e = q->data, *qa = q->data + 14;
    ck_set_mac_header_len(q, e, 14); /* Click's set_ether_header: MAC and ARP header */
    memcpy(e, target_eth, 6);
    memcpy(e + 6, src_eth, 6);
    ck_eput16(e + 12, CK_ETHERTYPE_ARP);
    ck_eput16(qa + CK_ARP_OFF_HRD, CK_ARPHRD_ETHER);
    ck_eput16(qa + CK_ARP_OFF_PRO, CK_ETHERTYPE_IP);
    qa[4] = 6;
    qa[5] = 4;
    ck_eput16(qa + CK_ARP_OFF_OP, CK_ARPOP_REPLY);
    memcpy(qa + CK_ARP_OFF_SHA, src_eth, 6);
    memcpy(qa + CK_ARP_OFF_SPA, src_ip, 4);
    memcpy(qa + CK_ARP_OFF_THA, target_eth, 6);
    memcpy(qa + CK_ARP_OFF_TPA, target_ip, 4);
    return q;
}

#endif
