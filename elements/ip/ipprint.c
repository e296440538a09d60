/* IPPrint([LABEL, keywords CONTENTS, PAYLOAD, MAXLENGTH, ID, TTL, TOS, LENGTH, TIMESTAMP, PAINT,
 * AGGREGATE, SWAP, ACTIVE, OUTFILE, CHANNEL]): prints a tcpdump-like line for each packet with
 * a network header (Click's elements/ip/ipprint.cc, same text byte for byte), on standard error
 * or appended to OUTFILE. Packets always pass through unchanged. Every read is bounded by the
 * packet's end: truncated headers print Click's "truncated-ip/-tcp/-udp/-icmp" markers.
 * CHANNEL is accepted and ignored (clickc has one chatter channel, standard error). */
#include <stdio.h>
#include <ctype.h>
#ifndef CK_IPPRINT_SHARED
#define CK_IPPRINT_SHARED
static CK_UNUSED void ck_ipprint_ip(ck_buf *sa, const unsigned char *a)
{
    ck_buf_printf(sa, "%u.%u.%u.%u", a[0], a[1], a[2], a[3]);
}
static inline unsigned ck_ipprint_16(const unsigned char *p) { return (unsigned)(p[0] << 8 | p[1]); }
static inline uint32_t ck_ipprint_32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
/* Click's static name databases (elements/ip/ipnameinfo.cc) used by revquery. */
static CK_UNUSED const char *ck_ipprint_proto_name(int p)
{
    switch (p) {
    case 1: return "icmp";
    case 2: return "igmp";
    case 4: return "ipip";
    case 6: return "tcp";
    case 17: return "udp";
    case 33: return "dccp";
    case 47: return "gre";
    case 132: return "sctp";
    case 256: return "tcpudp";
    case 257: return "transp";
    case 258: return "payload";
    default: return NULL;
    }
}
static CK_UNUSED const char *ck_ipprint_icmp_type_name(int t)
{
    switch (t) {
    case 0: return "echo-reply";
    case 3: return "unreachable";
    case 4: return "sourcequench";
    case 5: return "redirect";
    case 8: return "echo";
    case 9: return "routeradvert";
    case 10: return "routersolicit";
    case 11: return "timeexceeded";
    case 12: return "parameterproblem";
    case 13: return "timestamp";
    case 14: return "timestamp-reply";
    case 15: return "inforeq";
    case 16: return "inforeq-reply";
    case 17: return "maskreq";
    case 18: return "maskreq-reply";
    default: return NULL;
    }
}
static CK_UNUSED const char *ck_ipprint_icmp_code_name(int t, int c)
{
    static const char *const unreach[16] = {
        "net", "host", "protocol", "port", "needfrag", "srcroutefail", "netunknown",
        "hostunknown", "isolated", "netprohibited", "hostprohibited", "tosnet", "toshost",
        "filterprohibited", "hostprecedence", "precedencecutoff"};
    static const char *const redirect[4] = {"net", "host", "tosnet", "toshost"};
    static const char *const paramprob[3] = {"erroratptr", "missingopt", "length"};
    if (t == 3 && c >= 0 && c < 16)
        return unreach[c];
    if (t == 5 && c >= 0 && c < 4)
        return redirect[c];
    if (t == 11 && (c == 0 || c == 1))
        return c ? "reassembly" : "transit";
    if (t == 12 && c >= 0 && c < 3)
        return paramprob[c];
    return NULL;
}
/* Click's BoolArg words. */
static CK_UNUSED int ck_ipprint_bool(const char *s, int *v)
{
    if (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "1") || !strcmp(s, "t") || !strcmp(s, "y")) {
        *v = 1;
        return 1;
    }
    if (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "0") || !strcmp(s, "f") || !strcmp(s, "n")) {
        *v = 0;
        return 1;
    }
    return 0;
}
/* The start of a TCP or UDP line, "SRC.SPORT > DST.DPORT: " (iph: 20 bytes readable; t: the
 * transport header; tl: readable transport bytes, may be < 0), returning 1; without the ports
 * (a later fragment, or fewer than 4 transport bytes) the whole line instead,
 * "SRC > DST: PROTO" or "SRC > DST: truncated-PROTO", returning 0. */
static CK_UNUSED int ck_ipprint_ports(ck_buf *sa, const unsigned char *iph, const unsigned char *t,
                                      int tl, const char *proto)
{
    int firstfrag = (ck_ipprint_16(iph + 6) & 0x1FFF) == 0;
    if (tl < 4 || !firstfrag) {
        ck_ipprint_ip(sa, iph + 12);
        ck_buf_puts(sa, " > ");
        ck_ipprint_ip(sa, iph + 16);
        ck_buf_puts(sa, firstfrag ? ": truncated-" : ": ");
        ck_buf_puts(sa, proto);
        return 0;
    }
    ck_ipprint_ip(sa, iph + 12);
    ck_buf_printf(sa, ".%u > ", ck_ipprint_16(t));
    ck_ipprint_ip(sa, iph + 16);
    ck_buf_printf(sa, ".%u: ", ck_ipprint_16(t + 2));
    return 1;
}
#endif

static int ELEM(active), ELEM(contents), ELEM(payload), ELEM(bytes);
#include "ethernet/ckprintprefix.h"

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ELEM(bytes) = CONF_GIVEN(NBYTES) ? (int)CONF(NBYTES) : (int)CONF(MAXLENGTH);
    char up[64];
    const char *contents = CONF_GIVEN(CONTENTS) ? (const char *)(CONF(CONTENTS)) : "no";
    const char *payload = CONF_GIVEN(PAYLOAD) ? (const char *)(CONF(PAYLOAD)) : "no";
    int b;
    size_t i;
    for (i = 0; contents[i] && i < sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)contents[i]);
    up[i] = '\0';
    if (ck_ipprint_bool(contents, &b))
        ELEM(contents) = b;
    else if (!strcmp(up, "NONE"))
        ELEM(contents) = 0;
    else if (!strcmp(up, "HEX"))
        ELEM(contents) = 1;
    else if (!strcmp(up, "ASCII"))
        ELEM(contents) = 2;
    else
        return ck_error(errh, "bad contents value '%s'; should be 'NONE', 'HEX', or 'ASCII'", up);
    char pup[64];
    for (i = 0; payload[i] && i < sizeof pup - 1; i++)
        pup[i] = (char)toupper((unsigned char)payload[i]);
    pup[i] = '\0';
    int payloadv;
    if (!strcmp(pup, "NO") || !strcmp(pup, "FALSE"))
        payloadv = 0;
    else if (!strcmp(pup, "YES") || !strcmp(pup, "TRUE") || !strcmp(pup, "HEX"))
        payloadv = 1;
    else if (!strcmp(pup, "ASCII"))
        payloadv = 2;
    else /* Click's message names the CONTENTS value here */
        return ck_error(errh, "bad payload value '%s'; should be 'false', 'hex', or 'ascii'", up);
    if (payloadv > 0 && ELEM(contents) > 0)
        return ck_error(errh, "specify at most one of PAYLOAD and CONTENTS");
    else if (payloadv > 0)
        ELEM(contents) = payloadv, ELEM(payload) = 1;
    return ELEM(open_outfile)(errh);
}

/* iph: 20 bytes readable; t: transport header; tl: readable transport bytes (may be < 0). */
static CK_UNUSED void ELEM(tcp_line)(ck_buf *sa, const ck_packet *p, const unsigned char *iph,
                                     const unsigned char *t, int tl)
{
    if (!ck_ipprint_ports(sa, iph, t, tl, "tcp"))
        return;
    if (tl < 14) {
        ck_buf_puts(sa, "truncated-tcp");
        return;
    }
    int ip_len = (int)ck_ipprint_16(iph + 2);
    int seqlen = ip_len - ((iph[0] & 15) << 2) - ((t[12] >> 4) << 2);
    unsigned flags = t[13];
    if (flags & 0x02)
        ck_buf_puts(sa, "S"), seqlen++;
    if (flags & 0x01)
        ck_buf_puts(sa, "F"), seqlen++;
    if (flags & 0x04)
        ck_buf_puts(sa, "R");
    if (flags & 0x08)
        ck_buf_puts(sa, "P");
    if (!(flags & 0x0F))
        ck_buf_puts(sa, ".");
    uint32_t seq = ck_ipprint_32(t + 4);
    ck_buf_printf(sa, " %u:%u(%d,%u,%d)", seq, seq + (uint32_t)seqlen, seqlen, p->len, ip_len);
    if (flags & 0x10)
        ck_buf_printf(sa, " ack %u", ck_ipprint_32(t + 8));
    if (tl < 16) {
        ck_buf_puts(sa, "truncated-tcp");
        return;
    }
    ck_buf_printf(sa, " win %u", ck_ipprint_16(t + 14));
}

static CK_UNUSED void ELEM(udp_line)(ck_buf *sa, const unsigned char *iph, const unsigned char *t,
                                     int tl)
{
    if (!ck_ipprint_ports(sa, iph, t, tl, "udp"))
        return;
    if (tl < 8) {
        ck_buf_puts(sa, "truncated-udp");
        return;
    }
    ck_buf_printf(sa, "udp %u", ck_ipprint_16(t + 4));
}

static CK_UNUSED void ELEM(icmp_line)(ck_buf *sa, const unsigned char *iph, const unsigned char *t,
                                      int tl)
{
    ck_ipprint_ip(sa, iph + 12);
    ck_buf_puts(sa, " > ");
    ck_ipprint_ip(sa, iph + 16);
    ck_buf_puts(sa, ": ");
    if ((ck_ipprint_16(iph + 6) & 0x1FFF) != 0) {
        ck_buf_puts(sa, "icmp");
        return;
    }
    if (tl < 2)
        goto truncated;
    int type = t[0], code = t[1];
    switch (type) {
    case 0:
    case 8: {
        ck_buf_puts(sa, type == 0 ? "icmp echo-reply " : "icmp echo ");
        if (tl < 8)
            goto truncated;
        uint16_t id, sq;
        memcpy(&id, t + 4, 2);
        memcpy(&sq, t + 6, 2);
        if (CONF(SWAP)) {
            id = (uint16_t)(((id & 0xFF) << 8) | (id >> 8));
            sq = (uint16_t)(((sq & 0xFF) << 8) | (sq >> 8));
        }
        ck_buf_printf(sa, "(%u, %u)", id, sq);
        break;
    }
    case 3: {
        const char *cn = ck_ipprint_icmp_code_name(3, code);
        char cbuf[32];
        if (!cn) {
            snprintf(cbuf, sizeof cbuf, "code %d", code);
            cn = cbuf;
        }
        const unsigned char *e = t + 8;
        int elen = tl - 8;
        if (elen < 20) {
            ck_buf_printf(sa, "icmp unreachable %s ", cn);
            goto truncated;
        }
        int ehl = (e[0] & 15) << 2;
        int eulen = elen - ehl;
        ck_buf_puts(sa, "icmp ");
        ck_ipprint_ip(sa, e + 16);
        ck_buf_printf(sa, " unreachable %s", cn);
        const char *pn = ck_ipprint_proto_name(e[9]);
        if (code == 2) {
            if (pn)
                ck_buf_printf(sa, " %s", pn);
            else
                ck_buf_printf(sa, " %d", e[9]);
        } else if (code == 3) {
            if (pn)
                ck_buf_printf(sa, " %s", pn);
            else
                ck_buf_printf(sa, " protocol %d", e[9]);
            if (eulen < 4)
                goto truncated;
            ck_buf_printf(sa, "/%u", ck_ipprint_16(e + ehl + 2));
        } else if (code == 4) {
            unsigned mtu = ck_ipprint_16(t + 6);
            if (mtu)
                ck_buf_printf(sa, " (mtu %u)", mtu);
        }
        break;
    }
    default: {
        ck_buf_puts(sa, "icmp ");
        const char *tn = ck_ipprint_icmp_type_name(type);
        if (tn)
            ck_buf_puts(sa, tn);
        else
            ck_buf_printf(sa, "type %d", type);
        const char *cn = ck_ipprint_icmp_code_name(type, code);
        if (cn)
            ck_buf_printf(sa, " %s", cn);
        else if (code)
            ck_buf_printf(sa, " code %d", code);
        break;
    }
    }
    return;
truncated:
    ck_buf_puts(sa, "truncated-icmp");
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_buf sa;
    const unsigned char *nh = ELEM(begin)(&sa, p);
    if (!nh)
        return p;
    if (CONF(AGGREGATE))
        ck_buf_printf(&sa, "#%u", ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
    if (CONF(PAINT))
        ck_buf_printf(&sa, "%s%d", CONF(AGGREGATE) ? "." : "paint ",
                      (int)ck_anno_u8(p, PAINT_ANNO_OFFSET));
    if (CONF(AGGREGATE) || CONF(PAINT))
        ck_buf_puts(&sa, ": ");
    const unsigned char *end = p->data + p->len;
    long nlen = (long)(end - nh);
    if (nlen < 20)
        ck_buf_puts(&sa, "truncated-ip");
    else {
        const unsigned char *iph = nh;
        int ip_len = (int)ck_ipprint_16(iph + 2);
        int payload_len = ip_len - ((iph[0] & 15) << 2);
        long toff = p->th_off >= 0 ? (long)p->th_off - (long)(p->data - p->head) : (long)p->len;
        int tl = (int)((long)p->len - toff);
        const unsigned char *t = (toff >= 0 && toff <= (long)p->len) ? p->data + toff : end;
        if (toff > (long)p->len || toff < 0)
            tl = toff < 0 ? tl : (int)((long)p->len - toff);
        if (tl > payload_len)
            tl = payload_len;
        if (CONF(ID))
            ck_buf_printf(&sa, "id %u ", ck_ipprint_16(iph + 4));
        if (CONF(TTL))
            ck_buf_printf(&sa, "ttl %d ", iph[8]);
        if (CONF(TOS))
            ck_buf_printf(&sa, "tos %d ", iph[1]);
        if (CONF(LENGTH))
            ck_buf_printf(&sa, "length %d ", ip_len);
        int proto = iph[9];
        if (proto == 6)
            ELEM(tcp_line)(&sa, p, iph, t, tl);
        else if (proto == 17)
            ELEM(udp_line)(&sa, iph, t, tl);
        else if (proto == 1)
            ELEM(icmp_line)(&sa, iph, t, tl);
        else {
            ck_ipprint_ip(&sa, iph + 12);
            ck_buf_puts(&sa, " > ");
            ck_ipprint_ip(&sa, iph + 16);
            ck_buf_printf(&sa, ": ip-proto-%d", proto);
        }
        unsigned off = ck_ipprint_16(iph + 6);
        if (off & 0x3FFF) /* IP_ISFRAG: MF or a nonzero offset */
            ck_buf_printf(&sa, " (frag %u:%d@%u%s)", ck_ipprint_16(iph + 4), payload_len,
                          (off & 0x1FFF) << 3, (off & 0x2000) ? "+" : "");
        if (ELEM(contents) > 0) {
            long doff; /* offset of the first byte to print from p->data */
            if (ELEM(payload)) {
                int firstfrag = (off & 0x1FFF) == 0;
                doff = toff;
                if (firstfrag && proto == 6)
                    doff = toff + (toff >= 0 && toff + 13 <= (long)p->len ? ((p->data[toff + 12] >> 4) << 2)
                                                                          : (long)p->len);
                else if (firstfrag && proto == 17)
                    doff = toff + 8;
            } else
                doff = 0;
            int bytes = ELEM(bytes);
            if (doff < 0 || doff >= (long)p->len)
                bytes = 0;
            else if (bytes < 0 || (long)p->len - doff < bytes)
                bytes = (int)((long)p->len - doff);
            const unsigned char *d = bytes ? p->data + doff : NULL;
            for (int i = 0; i < bytes; i++) {
                if (ELEM(contents) == 1) {
                    if (i % 24 == 0)
                        ck_buf_puts(&sa, "\n  ");
                    else if (i % 4 == 0)
                        ck_buf_puts(&sa, " ");
                    ck_buf_printf(&sa, "%02x", d[i]);
                } else {
                    if (i % 48 == 0)
                        ck_buf_puts(&sa, "\n  ");
                    else if (i % 8 == 0)
                        ck_buf_puts(&sa, " ");
                    char c = d[i] < 32 || d[i] > 126 ? '.' : (char)d[i];
                    ck_buf_append(&sa, &c, 1);
                }
            }
        }
    }
    ELEM(emit)(&sa);
    return p;
}
#include "simple_action.h"

#define CK_ACTIVE_ERROR "expected boolean"
#include "standard/ckactive.h"
