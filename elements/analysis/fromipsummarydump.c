/* FromIPSummaryDump(FILENAME [, keywords STOP, ACTIVE, ZERO, TIMING, CHECKSUM, SAMPLE, PROTO,
 * MULTIPACKET, CONTENTS, FLOWID, ALLOW_NONEXISTENT, DATA]): reads an IP summary dump (the text
 * ToIPSummaryDump writes, or its "!binary" form) and emits one packet per record, rebuilt from
 * the record's fields (Click's elements/analysis/fromipsumdump.cc with the field readers of
 * ipsumdumpinfo.cc, ipsumdump_anno.cc, ipsumdump_ip.cc, ipsumdump_tcp.cc, ipsumdump_udp.cc and
 * ipsumdump_payload.cc).
 *
 * The file's "!data"/"!contents" line (or CONTENTS) names the fields; "!proto", "!flowid",
 * "!aggregate" and "!binary" lines are obeyed as in Click.  Fields are applied in Click's
 * order (annotations, then the IP header, the transport header, the payload length), each
 * building the headers it needs exactly as Click's PacketOdesc::make_ip/make_transp do: a
 * 20-byte IP header (TTL 100, the default protocol, the !flowid addresses) and the transport
 * header of the protocol, cut at the packet's wire length.  Then ip_len, udp_len, the
 * destination address annotation, the checksums (CHECKSUM true: the packet is extended to
 * ip_len and every checksum computed) and EXTRA_LENGTH are set as in Click.
 *
 * Fields read: timestamp (ntimestamp, utimestamp, ts), ts_sec, ts_usec, ts_usec1,
 * first_timestamp, count, link/paint, direction, aggregate, wire_len, ip_src, ip_dst, ip_tos,
 * ip_dscp, ip_ecn, ip_ttl, ip_frag, ip_fragoff, ip_id, ip_sum, ip_proto, ip_hl, ip_len,
 * ip_capture_len (ignored, as Click), sport, dport, tcp_seq, tcp_ack, tcp_off, tcp_flags,
 * tcp_window, tcp_urp, udp_len, payload_len, with Click's synonyms; every field ToIPSummaryDump
 * writes, and icmp_type (a number or a name: echo, echo-reply...; icmp_type_name), icmp_code,
 * icmp_flowid, icmp_seq and icmp_nextmtu (Click's ipsumdump_icmp.cc), and payload (a word
 * or a quoted string with Click's escapes; ipsumdump_payload.cc), tcp_opt (Click's text:
 * mss, wscale, sackok, sack, ts, nop, eol and numbered options; analysis/cktcpopt.h) and
 * ip_opt (rr, lsrr, ssrr, nop, eol and numbered options; analysis/ckipopt.h; a timestamp
 * option is not read: the field is then ignored).  Others
 * (tcp_ntopt, tcp_sack, icmp_code_name) are ignored with a
 * warning, as Click ignores unknown ones.  Differences from Click: ZERO false still zeroes new
 * packet bytes (Click leaves them uninitialized); SAMPLE draws from clickc's own generator, so
 * a sampled run keeps the same proportion but not the same packets as Click.  As Click's
 * FromFile, an empty file is an error and gzip or bzip2 data is read through "gzip -dc" or
 * "bzip2 -dc".  As in Click, a "!flowid" line is checked and makes every packet
 * an IP packet with transport ports, but the addresses and ports it names are not applied
 * (Click's reader passes an unset flow ID on): they stay zero unless fields set them. */
#include <stdio.h>
#include <errno.h>
#include <ctype.h>

#include "analysis/ckipsumnames.h"
#include "analysis/cktcpopt.h"
#include "analysis/ckipopt.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckfromfile.h"
#ifndef CK_FIPSUM_SHARED
#define CK_FIPSUM_SHARED
enum {
    CK_FIS_NULL, CK_FIS_TIMESTAMP, CK_FIS_NTIMESTAMP, CK_FIS_TS_SEC, CK_FIS_TS_USEC,
    CK_FIS_TS_USEC1, CK_FIS_FIRST_TIMESTAMP, CK_FIS_FIRST_NTIMESTAMP, CK_FIS_COUNT, CK_FIS_LINK,
    CK_FIS_DIRECTION, CK_FIS_AGGREGATE, CK_FIS_WIRE_LEN, CK_FIS_IP_SRC, CK_FIS_IP_DST,
    CK_FIS_IP_TOS, CK_FIS_IP_DSCP, CK_FIS_IP_ECN, CK_FIS_IP_TTL, CK_FIS_IP_FRAG,
    CK_FIS_IP_FRAGOFF, CK_FIS_IP_ID, CK_FIS_IP_SUM, CK_FIS_IP_PROTO, CK_FIS_IP_HL, CK_FIS_IP_LEN,
    CK_FIS_IP_CAPTURE_LEN, CK_FIS_SPORT, CK_FIS_DPORT, CK_FIS_TCP_SEQ, CK_FIS_TCP_ACK,
    CK_FIS_TCP_OFF, CK_FIS_TCP_FLAGS, CK_FIS_TCP_WINDOW, CK_FIS_TCP_URP, CK_FIS_UDP_LEN,
    CK_FIS_PAYLOAD_LEN, CK_FIS_ICMP_TYPE, CK_FIS_ICMP_CODE, CK_FIS_ICMP_FLOWID, CK_FIS_ICMP_SEQ,
    CK_FIS_ICMP_NEXTMTU, CK_FIS_PAYLOAD_DATA, CK_FIS_IP_OPT, CK_FIS_TCP_OPT
};
/* Binary sizes (Click's B_* types); 5 means B_4NET (network byte order kept). */
enum { CK_FIS_B0 = 0, CK_FIS_B1 = 1, CK_FIS_B2 = 2, CK_FIS_B4 = 4, CK_FIS_B4NET = 5, CK_FIS_B8 = 8 };
/* Click's order_* constants (ipsumdumpinfo.hh): fields are applied by increasing order. */
enum { CK_FIS_ANNO = 100, CK_FIS_LINKO = 200, CK_FIS_NET = 300, CK_FIS_TRANSP = 400, CK_FIS_PAYLOAD = 500 };

typedef struct { const char *name; int id, type, order; } ck_fis_reader;
static const ck_fis_reader ck_fis_readers[] = {
    {"timestamp", CK_FIS_TIMESTAMP, CK_FIS_B8, CK_FIS_ANNO},
    {"ntimestamp", CK_FIS_NTIMESTAMP, CK_FIS_B8, CK_FIS_ANNO},
    {"ts_sec", CK_FIS_TS_SEC, CK_FIS_B4, CK_FIS_ANNO},
    {"ts_usec", CK_FIS_TS_USEC, CK_FIS_B4, CK_FIS_ANNO},
    {"ts_usec1", CK_FIS_TS_USEC1, CK_FIS_B8, CK_FIS_ANNO},
    {"first_timestamp", CK_FIS_FIRST_TIMESTAMP, CK_FIS_B8, CK_FIS_ANNO},
    {"first_ntimestamp", CK_FIS_FIRST_NTIMESTAMP, CK_FIS_B8, CK_FIS_ANNO},
    {"count", CK_FIS_COUNT, CK_FIS_B4, CK_FIS_ANNO},
    {"link", CK_FIS_LINK, CK_FIS_B1, CK_FIS_ANNO},
    {"paint", CK_FIS_LINK, CK_FIS_B1, CK_FIS_ANNO},
    {"direction", CK_FIS_DIRECTION, CK_FIS_B1, CK_FIS_ANNO},
    {"aggregate", CK_FIS_AGGREGATE, CK_FIS_B4, CK_FIS_ANNO},
    {"wire_len", CK_FIS_WIRE_LEN, CK_FIS_B4, CK_FIS_ANNO},
    {"ip_src", CK_FIS_IP_SRC, CK_FIS_B4NET, CK_FIS_NET},
    {"ip_dst", CK_FIS_IP_DST, CK_FIS_B4NET, CK_FIS_NET},
    {"ip_tos", CK_FIS_IP_TOS, CK_FIS_B1, CK_FIS_NET},
    {"ip_dscp", CK_FIS_IP_DSCP, CK_FIS_B1, CK_FIS_NET},
    {"ip_ecn", CK_FIS_IP_ECN, CK_FIS_B1, CK_FIS_NET},
    {"ip_ttl", CK_FIS_IP_TTL, CK_FIS_B1, CK_FIS_NET},
    {"ip_frag", CK_FIS_IP_FRAG, CK_FIS_B1, CK_FIS_NET - 2},
    {"ip_fragoff", CK_FIS_IP_FRAGOFF, CK_FIS_B2, CK_FIS_NET - 1},
    {"ip_id", CK_FIS_IP_ID, CK_FIS_B2, CK_FIS_NET},
    {"ip_sum", CK_FIS_IP_SUM, CK_FIS_B2, CK_FIS_NET + 2},
    {"ip_proto", CK_FIS_IP_PROTO, CK_FIS_B1, CK_FIS_NET},
    {"ip_hl", CK_FIS_IP_HL, CK_FIS_B1, CK_FIS_NET - 1},
    {"ip_len", CK_FIS_IP_LEN, CK_FIS_B4, CK_FIS_NET + 1},
    {"ip_capture_len", CK_FIS_IP_CAPTURE_LEN, CK_FIS_B4, CK_FIS_PAYLOAD + 2},
    {"sport", CK_FIS_SPORT, CK_FIS_B2, CK_FIS_TRANSP},
    {"dport", CK_FIS_DPORT, CK_FIS_B2, CK_FIS_TRANSP},
    {"tcp_seq", CK_FIS_TCP_SEQ, CK_FIS_B4, CK_FIS_TRANSP},
    {"tcp_ack", CK_FIS_TCP_ACK, CK_FIS_B4, CK_FIS_TRANSP},
    {"tcp_off", CK_FIS_TCP_OFF, CK_FIS_B1, CK_FIS_TRANSP - 1},
    {"tcp_flags", CK_FIS_TCP_FLAGS, CK_FIS_B1, CK_FIS_TRANSP},
    {"tcp_window", CK_FIS_TCP_WINDOW, CK_FIS_B2, CK_FIS_TRANSP},
    {"tcp_urp", CK_FIS_TCP_URP, CK_FIS_B2, CK_FIS_TRANSP},
    {"udp_len", CK_FIS_UDP_LEN, CK_FIS_B4, CK_FIS_TRANSP},
    {"payload_len", CK_FIS_PAYLOAD_LEN, CK_FIS_B4, CK_FIS_PAYLOAD + 1},
    {"icmp_type", CK_FIS_ICMP_TYPE, CK_FIS_B1, CK_FIS_TRANSP},
    {"icmp_type_name", CK_FIS_ICMP_TYPE, CK_FIS_B1, CK_FIS_TRANSP},
    {"icmp_code", CK_FIS_ICMP_CODE, CK_FIS_B1, CK_FIS_TRANSP + 1},
    {"icmp_flowid", CK_FIS_ICMP_FLOWID, CK_FIS_B2, CK_FIS_TRANSP + 2},
    {"icmp_seq", CK_FIS_ICMP_SEQ, CK_FIS_B2, CK_FIS_TRANSP + 2},
    {"icmp_nextmtu", CK_FIS_ICMP_NEXTMTU, CK_FIS_B2, CK_FIS_TRANSP + 2},
    {"payload", CK_FIS_PAYLOAD_DATA, CK_FIS_B0, CK_FIS_PAYLOAD}, /* text dumps only, as Click */
    /* only "." (no options): the header length is then given, as in Click */
    {"ip_opt", CK_FIS_IP_OPT, CK_FIS_B0, CK_FIS_NET},
    {"tcp_opt", CK_FIS_TCP_OPT, CK_FIS_B0, CK_FIS_TRANSP},
};
/* Names Click reads that clickc ignores (with a warning). */
static const char *const ck_fis_unsupported[] = {
    "tcp_ntopt", "tcp_sack", "icmp_code_name",
};

/* Click's FieldReader::find (synonyms, names, "X" -> "ip_X", space -> "_"): the reader index,
 * -2 for a field clickc does not read, -1 when unknown. */
static CK_UNUSED int ck_fis_find(const char *name, int depth)
{
    if (depth > 8)
        return -1;
    const char *syn = ck_ipsum_synonym(name);
    if (syn)
        return ck_fis_find(syn, depth + 1);
    for (size_t i = 0; i < sizeof ck_fis_readers / sizeof ck_fis_readers[0]; i++)
        if (!strcmp(name, ck_fis_readers[i].name))
            return (int)i;
    for (size_t i = 0; i < sizeof ck_fis_unsupported / sizeof ck_fis_unsupported[0]; i++)
        if (!strcmp(name, ck_fis_unsupported[i]))
            return -2;
    char buf[80];
    return ck_ipsum_rename(name, buf, sizeof buf) ? ck_fis_find(buf, depth + 1) : -1;
}

/* Click's IntArg for unsigned values: decimal, 0x hex or 0 octal, the whole word. */
static CK_UNUSED int ck_fis_uint(const char *s, size_t n, uint64_t *out)
{
    char buf[32];
    if (n == 0 || n >= sizeof buf || s[0] == '-' || s[0] == '+' || isspace((unsigned char)s[0]))
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    unsigned long long v = strtoull(buf, &end, 0);
    if (*end || errno)
        return 0;
    *out = v;
    return 1;
}

/* Click's cp_time: "SEC[.FRAC]" -> seconds and nanoseconds. */
static CK_UNUSED int ck_fis_time(const char *s, size_t n, uint32_t *sec, uint32_t *nsec)
{
    size_t i = 0;
    uint64_t a = 0;
    int digits = 0;
    while (i < n && isdigit((unsigned char)s[i])) {
        a = a * 10 + (uint64_t)(s[i++] - '0');
        digits++;
        if (a > 0xFFFFFFFFu)
            return 0;
    }
    uint64_t f = 0;
    int fd = 0;
    if (i < n && s[i] == '.') {
        i++;
        while (i < n && isdigit((unsigned char)s[i])) {
            if (fd < 9) {
                f = f * 10 + (uint64_t)(s[i] - '0');
                fd++;
            } else if (fd == 9 && s[i] >= '5') {
                f++; /* round at the nanosecond */
                fd++;
            }
            i++;
            digits++;
        }
    }
    if (i != n || digits == 0)
        return 0;
    for (int k = fd > 9 ? 9 : fd; k < 9; k++)
        f *= 10;
    if (f >= 1000000000u) {
        f -= 1000000000u;
        a++;
    }
    *sec = (uint32_t)a;
    *nsec = (uint32_t)f;
    return 1;
}

static CK_UNUSED int ck_fis_ipaddr(const char *s, size_t n, uint32_t *net)
{
    char buf[20];
    unsigned a, b, c, d;
    char extra;
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = '\0';
    if (sscanf(buf, "%u.%u.%u.%u%c", &a, &b, &c, &d, &extra) != 4 || a > 255 || b > 255
        || c > 255 || d > 255 || !isdigit((unsigned char)buf[0]))
        return 0;
    unsigned char x[4] = {(unsigned char)a, (unsigned char)b, (unsigned char)c, (unsigned char)d};
    memcpy(net, x, 4);
    return 1;
}

/* A packet under construction (Click's PacketOdesc): bytes from the packet's data start. */
#define CK_FIS_CAP (65535 + 128) /* an IP packet of any length, CHECKSUM extends to ip_len */
typedef struct ck_fis_desc {
    unsigned char buf[CK_FIS_CAP];
    uint32_t len;
    int nh, th;              /* network / transport header offsets, -1 when unset */
    int failed;              /* out of room (Click: out of memory) */
    int have_ip_hl, have_tcp_hl, have_icmp_type, have_icmp_code;
    uint32_t want_len;
    int default_ip_p;
    int have_flowid;
    uint32_t flow_src, flow_dst; /* network order */
    uint16_t flow_sport, flow_dport; /* host order */
    /* annotations */
    int64_t ts_ns, first_ts_ns;
    uint32_t ts_sec, ts_sub_ns;
    int have_ts;
    uint32_t extra_packets, paint, aggregate;
    int have_first_ts, have_paint, have_aggregate;
} ck_fis_desc;

static CK_UNUSED int ck_fis_put(ck_fis_desc *d, uint32_t n)
{
    if (d->len + n > CK_FIS_CAP) {
        d->failed = 1;
        return 0;
    }
    memset(d->buf + d->len, 0, n);
    d->len += n;
    return 1;
}
static inline unsigned char *ck_fis_iph(ck_fis_desc *d) { return d->buf + d->nh; }
static inline int ck_fis_netlen(const ck_fis_desc *d) { return (int)d->len - d->nh; }
static inline int ck_fis_translen(const ck_fis_desc *d) { return (int)d->len - d->th; }
static inline void ck_fis_put16(unsigned char *p, unsigned v) { p[0] = (unsigned char)(v >> 8); p[1] = (unsigned char)v; }
static inline void ck_fis_put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24); p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8); p[3] = (unsigned char)v;
}
static inline unsigned ck_fis_get16(const unsigned char *p) { return (unsigned)(p[0] << 8 | p[1]); }
static inline int ck_fis_firstfrag(ck_fis_desc *d) { return (ck_fis_get16(ck_fis_iph(d) + 6) & 0x1FFF) == 0; }

/* PacketOdesc::make_ip: a 20-byte IP header when there is none. */
static CK_UNUSED int ck_fis_make_ip(ck_fis_desc *d, int ip_p)
{
    if (d->failed)
        return 0;
    if (d->nh < 0) {
        d->nh = 0;
        d->th = 0;
    }
    if (ck_fis_netlen(d) < 20) {
        if (!ck_fis_put(d, (uint32_t)(20 - ck_fis_netlen(d))))
            return 0;
        d->th = d->nh + 20;
        unsigned char *iph = ck_fis_iph(d);
        iph[0] = 0x45;
        iph[9] = (unsigned char)d->default_ip_p;
        ck_fis_put16(iph + 2, 0);
        ck_fis_put16(iph + 6, 0);
        iph[8] = 100;
        if (d->have_flowid) {
            memcpy(iph + 12, &d->flow_src, 4);
            memcpy(iph + 16, &d->flow_dst, 4);
        }
    }
    int p = ck_fis_iph(d)[9];
    return !ip_p || !p || p == ip_p;
}

/* PacketOdesc::make_transp (after make_ip). */
static CK_UNUSED int ck_fis_make_transp(ck_fis_desc *d)
{
    if (!ck_fis_firstfrag(d))
        return 0;
    if (ck_fis_translen(d) >= 8)
        return 1;
    int len;
    switch (ck_fis_iph(d)[9]) {
    case 6: len = 20; break;
    case 17: case 136: len = 8; break;
    case 33: len = 12; break;
    case 1: len = 8; break;
    default: return 1;
    }
    if (d->want_len > 0 && d->want_len < (uint32_t)d->th + (uint32_t)len)
        len = (int)d->want_len - d->th;
    if (ck_fis_translen(d) < len) {
        int xlen = len < 4 ? 4 : len;
        if (!ck_fis_put(d, (uint32_t)(xlen - ck_fis_translen(d))))
            return 0;
        unsigned char *th = d->buf + d->th;
        if (ck_fis_iph(d)[9] == 6 && len >= 13)
            th[12] = (unsigned char)((th[12] & 0x0F) | (5 << 4));
        if (d->have_flowid) {
            ck_fis_put16(th, d->flow_sport);
            ck_fis_put16(th + 2, d->flow_dport);
        }
        if (xlen > len)
            d->len -= (uint32_t)(xlen - len);
    }
    return 1;
}

/* ipsumdump_payload.cc payload_info: offset and length of the payload. */
static CK_UNUSED void ck_fis_payload_info(ck_fis_desc *d, int32_t *off, uint32_t *len)
{
    if (d->nh >= 0) {
        unsigned char *iph = ck_fis_iph(d);
        *len = ck_fis_get16(iph + 2);
        *off = d->th;
        if (ck_fis_firstfrag(d))
            switch (iph[9]) {
            case 6:
                if (ck_fis_translen(d) >= 13 && (unsigned)((d->buf[d->th + 12] >> 4) << 2) >= 20)
                    *off += (d->buf[d->th + 12] >> 4) << 2;
                else
                    *off += 20;
                break;
            case 17: case 136:
                *off += 8;
                break;
            }
        *len -= (uint32_t)(*off - d->nh);
    } else {
        *off = 0;
        *len = d->len;
    }
}

/* ipsumdump_payload.cc account_payload_len. */
static CK_UNUSED void ck_fis_account_payload(ck_fis_desc *d, int32_t off, uint32_t plen)
{
    unsigned char *iph = d->nh >= 0 ? ck_fis_iph(d) : NULL;
    if (!iph || (ck_fis_get16(iph + 2) == 0 && d->want_len == 0)) {
        d->want_len = (uint32_t)off + plen;
        return;
    }
    uint32_t ip_len = (ck_fis_get16(iph + 2) ? ck_fis_get16(iph + 2) : d->want_len) + (uint32_t)d->nh;
    int delta = (int)(ip_len - ((uint32_t)off + plen));
    if (delta > 0 && ck_fis_firstfrag(d) && iph[9] == 6 && !d->have_tcp_hl
        && ck_fis_translen(d) >= 13 && (d->buf[d->th + 12] >> 4) == 5) {
        int th_delta = delta - (delta & 3);
        if (th_delta + 20 > 60)
            th_delta = 40;
        uint32_t old = d->len;
        if (!ck_fis_put(d, (uint32_t)th_delta))
            return;
        unsigned char *tx = d->buf + d->th + 20;
        memmove(tx + th_delta, tx, (size_t)(d->buf + old - tx));
        memset(tx, 0, (size_t)th_delta);
        d->buf[d->th + 12] = (unsigned char)((d->buf[d->th + 12] & 0x0F) | (((20 + th_delta) >> 2) << 4));
        delta -= th_delta;
    }
    iph = ck_fis_iph(d);
    if (delta > 0 && !d->have_ip_hl && (iph[0] & 0x0F) == 5) {
        int ip_delta = delta - (delta & 3);
        if (ip_delta + 20 > 60)
            ip_delta = 40;
        uint32_t old = d->len;
        if (!ck_fis_put(d, (uint32_t)ip_delta))
            return;
        iph = ck_fis_iph(d);
        unsigned char *nx = iph + 20;
        memmove(nx + ip_delta, nx, (size_t)(d->buf + old - nx));
        memset(nx, 0, (size_t)ip_delta);
        iph[0] = (unsigned char)(0x40 | ((20 + ip_delta) >> 2));
        d->th = d->nh + 20 + ip_delta;
    }
}

/* Parse one field's text (Click's *_ina): fills v / v64 / sec,nsec; 1 on success. */
typedef struct {
    uint32_t v; uint64_t v64; uint32_t sec, nsec;
    const char *raw; size_t rawn; /* payload: the field's text, decoded when injected */
} ck_fis_val;

/* Click's cp_string: the bytes a word stands for (quoted parts with Click's backslash escapes:
 * \\n \\t \\r \\a \\b \\f \\v, 1-3 octal digits, \\xHH, \\<hex bytes>, else the character
 * itself), written to out when it is not NULL.  Returns the length. */
static CK_UNUSED size_t ck_fis_unquote(const char *s, size_t n, unsigned char *out)
{
    size_t k = 0, i = 0;
    int q = 0;
#define PUT(c) do { if (out) out[k] = (unsigned char)(c); k++; } while (0)
    while (i < n) {
        char c = s[i++];
        if (c == '"') {
            q = !q;
            continue;
        }
        if (!q || c != '\\' || i == n) {
            PUT(c);
            continue;
        }
        c = s[i++];
        const char *simple = strchr("ntrabfv", c);
        if (c && simple) {
            PUT("\n\t\r\a\b\f\v"[simple - "ntrabfv"]);
        } else if (c >= '0' && c <= '7') {
            unsigned v = (unsigned)(c - '0');
            for (int d = 0; d < 2 && i < n && s[i] >= '0' && s[i] <= '7'; d++)
                v = v * 8 + (unsigned)(s[i++] - '0');
            PUT(v & 0xFF);
        } else if (c == 'x' && i + 1 < n && isxdigit((unsigned char)s[i])
                   && isxdigit((unsigned char)s[i + 1])) {
            char h[3] = {s[i], s[i + 1], 0};
            PUT(strtoul(h, NULL, 16));
            i += 2;
        } else if (c == '<') {
            int half = -1;
            for (; i < n && s[i] != '>'; i++)
                if (isxdigit((unsigned char)s[i])) {
                    int v = isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10);
                    if (half < 0)
                        half = v;
                    else {
                        PUT(half * 16 + v);
                        half = -1;
                    }
                }
            if (i < n)
                i++;
        } else
            PUT(c);
    }
#undef PUT
    return k;
}

static CK_UNUSED int ck_fis_parse(int id, int type, const char *s, size_t n, int minor, ck_fis_val *out)
{
    uint64_t u;
    switch (id) {
    case CK_FIS_TIMESTAMP: case CK_FIS_NTIMESTAMP:
    case CK_FIS_FIRST_TIMESTAMP: case CK_FIS_FIRST_NTIMESTAMP:
        return ck_fis_time(s, n, &out->sec, &out->nsec);
    case CK_FIS_LINK: case CK_FIS_DIRECTION:
        if (n == 1 && s[0] == '>') { out->v = 0; return 1; }
        if (n == 1 && s[0] == '<') { out->v = 1; return 1; }
        if (!ck_fis_uint(s, n, &u) || u > 0xFFFFFFFFu)
            return 0;
        out->v = (uint32_t)u;
        return 1;
    case CK_FIS_IP_SRC: case CK_FIS_IP_DST:
        return ck_fis_ipaddr(s, n, &out->v);
    case CK_FIS_IP_FRAG: case CK_FIS_IP_FRAGOFF: {
        if (n == 1) {
            if (s[0] == '.') { out->v = 0; return 1; }
            if (s[0] == '!') { out->v = 0x4000; return 1; }
            if (s[0] == 'F') { out->v = 0x2000; return 1; }
            if (s[0] == 'f') { out->v = 100; return 1; }
        }
        size_t i = 0;
        uint64_t a = 0;
        while (i < n && isdigit((unsigned char)s[i]))
            a = a * 10 + (uint64_t)(s[i++] - '0');
        uint32_t v = (uint32_t)a;
        if (minor > 0)
            v >>= 3;
        for (; i < n; i++)
            if (s[i] == '!')
                v |= 0x4000;
            else if (s[i] == '+')
                v |= 0x2000;
            else
                break;
        out->v = v;
        return i == n && n > 0;
    }
    case CK_FIS_PAYLOAD_DATA:
        out->raw = s;
        out->rawn = n;
        return 1;
    case CK_FIS_IP_OPT: {
        /* Click's ip_opt_ina (analysis/ckipopt.h; timestamps are not read) */
        unsigned char opt[320];
        size_t olen;
        out->raw = s;
        out->rawn = n;
        return ck_ipopt_parse(s, n, opt, &olen);
    }
    case CK_FIS_TCP_OPT: {
        /* Click's tcp_opt_ina (analysis/cktcpopt.h); the bytes are made again when injected */
        unsigned char opt[CK_TCPOPT_MAX + 64];
        size_t olen;
        out->raw = s;
        out->rawn = n;
        return ck_tcpopt_parse(s, n, opt, &olen);
    }
    case CK_FIS_ICMP_TYPE:
        for (unsigned t = 0; t < 19; t++)
            if (ck_ipsum_icmp_types[t] && strlen(ck_ipsum_icmp_types[t]) == n
                && !memcmp(s, ck_ipsum_icmp_types[t], n)) {
                out->v = t;
                return 1;
            }
        if (!ck_fis_uint(s, n, &u) || u >= 256)
            return 0;
        out->v = (uint32_t)u;
        return 1;
    case CK_FIS_IP_PROTO:
        if (n == 1 && s[0] == 'T') { out->v = 6; return 1; }
        if (n == 1 && s[0] == 'U') { out->v = 17; return 1; }
        if (n == 1 && s[0] == 'I') { out->v = 1; return 1; }
        if (!ck_fis_uint(s, n, &u) || u >= 256)
            return 0;
        out->v = (uint32_t)u;
        return 1;
    case CK_FIS_IP_ECN:
        if (n == 1 && s[0] >= '0' && s[0] <= '3') { out->v = (uint32_t)(s[0] - '0'); return 1; }
        if ((n == 2 && !memcmp(s, "no", 2)) || (n == 1 && s[0] == '-')) { out->v = 0; return 1; }
        if ((n == 4 && !memcmp(s, "ect1", 4)) || (n == 6 && !memcmp(s, "ECT(1)", 6))) { out->v = 1; return 1; }
        if ((n == 4 && !memcmp(s, "ect2", 4)) || (n == 6 && !memcmp(s, "ECT(0)", 6))) { out->v = 2; return 1; }
        if (n == 2 && (!memcmp(s, "ce", 2) || !memcmp(s, "CE", 2))) { out->v = 3; return 1; }
        return 0;
    case CK_FIS_TCP_FLAGS:
        if (n == 1 && s[0] == '.') { out->v = 0; return 1; }
        if (n == 0)
            return 0;
        if (isdigit((unsigned char)s[0]))
            return ck_fis_uint(s, n, &u) && u < 0x1000 && ((out->v = (uint32_t)u), 1);
        out->v = 0;
        for (size_t i = 0; i < n; i++) {
            /* Click's tcp_flag_mapping: FSRPAUECN and their synonyms */
            static const char word[] = "FSRPAUECN";
            const char *w = strchr(word, s[i]);
            int bit;
            if (s[i] && w)
                bit = (int)(w - word);
            else if (s[i] == 'W')
                bit = 7;
            else if (s[i] == 'X')
                bit = 6;
            else
                return 0;
            out->v |= 1u << bit;
        }
        return 1;
    default:
        if (type == CK_FIS_B8) {
            if (!ck_fis_uint(s, n, &u))
                return 0;
            out->v64 = u;
            return 1;
        }
        if (!ck_fis_uint(s, n, &u) || u > 0xFFFFFFFFu)
            return 0;
        if ((type == CK_FIS_B1 && u > 255) || (type == CK_FIS_B2 && u > 65535))
            return 0;
        out->v = (uint32_t)u;
        return 1;
    }
}

/* Apply one parsed field (Click's *_inject). */
static CK_UNUSED void ck_fis_inject(ck_fis_desc *d, int id, const ck_fis_val *x)
{
    uint32_t v = x->v;
    unsigned char *iph;
    switch (id) {
    case CK_FIS_TIMESTAMP: case CK_FIS_NTIMESTAMP:
        d->ts_sec = x->sec;
        d->ts_sub_ns = x->nsec;
        d->have_ts = 1;
        return;
    case CK_FIS_TS_SEC:
        d->ts_sec = v;
        d->have_ts = 1;
        return;
    case CK_FIS_TS_USEC:
        d->ts_sub_ns = v * 1000u;
        d->have_ts = 1;
        return;
    case CK_FIS_TS_USEC1:
        d->ts_sec = (uint32_t)(x->v64 / 1000000);
        d->ts_sub_ns = (uint32_t)(x->v64 % 1000000) * 1000u;
        d->have_ts = 1;
        return;
    case CK_FIS_FIRST_TIMESTAMP: case CK_FIS_FIRST_NTIMESTAMP:
        d->first_ts_ns = (int64_t)x->sec * 1000000000 + x->nsec;
        d->have_first_ts = 1;
        return;
    case CK_FIS_COUNT:
        d->extra_packets = v ? v - 1 : 0;
        return;
    case CK_FIS_LINK: case CK_FIS_DIRECTION:
        d->paint = v;
        d->have_paint = 1;
        return;
    case CK_FIS_AGGREGATE:
        d->aggregate = v;
        d->have_aggregate = 1;
        return;
    case CK_FIS_WIRE_LEN:
        d->want_len = v;
        return;
    case CK_FIS_SPORT: case CK_FIS_DPORT:
        if (!ck_fis_make_ip(d, 0) || !ck_fis_make_transp(d))
            return;
        {
            int p = ck_fis_iph(d)[9];
            if (p && p != 6 && p != 17 && p != 33 && p != 136)
                return;
        }
        ck_fis_put16(d->buf + d->th + (id == CK_FIS_DPORT ? 2 : 0), v);
        return;
    case CK_FIS_TCP_SEQ: case CK_FIS_TCP_ACK: case CK_FIS_TCP_OFF: case CK_FIS_TCP_FLAGS:
    case CK_FIS_TCP_WINDOW: case CK_FIS_TCP_URP: {
        if (!ck_fis_make_ip(d, 6) || !ck_fis_make_transp(d))
            return;
        unsigned char *th = d->buf + d->th;
        switch (id) {
        case CK_FIS_TCP_SEQ: ck_fis_put32(th + 4, v); break;
        case CK_FIS_TCP_ACK: ck_fis_put32(th + 8, v); break;
        case CK_FIS_TCP_FLAGS:
            th[13] = (unsigned char)v;
            th[12] = (unsigned char)((th[12] & 0xF0) | ((v >> 8) & 0x0F));
            break;
        case CK_FIS_TCP_OFF: {
            v = (v + 3) & ~3u;
            int cur = (th[12] >> 4) << 2;
            if ((int)v > cur) {
                uint32_t more = v - (uint32_t)cur;
                if (!ck_fis_put(d, more))
                    return;
                th = d->buf + d->th;
                memset(th + v - more, 0, more);
            }
            th[12] = (unsigned char)((th[12] & 0x0F) | ((v >> 2) << 4));
            break;
        }
        case CK_FIS_TCP_WINDOW: ck_fis_put16(th + 14, v); break;
        case CK_FIS_TCP_URP: ck_fis_put16(th + 18, v); break;
        }
        return;
    }
    case CK_FIS_ICMP_TYPE: case CK_FIS_ICMP_CODE: case CK_FIS_ICMP_FLOWID: case CK_FIS_ICMP_SEQ:
    case CK_FIS_ICMP_NEXTMTU: {
        /* Click's icmp_inject: an ICMP header (8 bytes, 20 for timestamps) under the IP one */
        if (!ck_fis_make_ip(d, 1) || !ck_fis_make_transp(d))
            return;
        if (ck_fis_translen(d) < 8 && !ck_fis_put(d, (uint32_t)(8 - ck_fis_translen(d))))
            return;
        unsigned char *ih = d->buf + d->th;
        switch (id) {
        case CK_FIS_ICMP_TYPE: {
            ih[0] = (unsigned char)v;
            d->have_icmp_type = 1;
            int hl = v == 13 || v == 14 ? 20 : 8;
            if (ck_fis_translen(d) < hl)
                (void)ck_fis_put(d, (uint32_t)(hl - ck_fis_translen(d)));
            break;
        }
        case CK_FIS_ICMP_CODE:
            ih[1] = (unsigned char)v;
            d->have_icmp_code = 1;
            break;
        case CK_FIS_ICMP_FLOWID: case CK_FIS_ICMP_SEQ:
            if (!d->have_icmp_type || ck_ipsum_icmp_has_flow(ih[0]))
                ck_fis_put16(ih + (id == CK_FIS_ICMP_FLOWID ? 4 : 6), v);
            break;
        default: /* the next-hop MTU of "unreachable needfrag" */
            if ((!d->have_icmp_type || ih[0] == 3) && (!d->have_icmp_code || ih[1] == 4))
                ck_fis_put16(ih + 6, v);
            break;
        }
        return;
    }
    case CK_FIS_IP_OPT: {
        /* Click's ip_inject for T_IP_OPT: the options after the 20-byte header, the header
         * length grown to hold them (the transport header moves after it), the rest EOL */
        if (!ck_fis_make_ip(d, 0))
            return;
        d->have_ip_hl = 1;
        unsigned char opt[320];
        size_t olen = 0;
        if (!x->raw || !ck_ipopt_parse(x->raw, x->rawn, opt, &olen) || olen == 0)
            return;
        int ip_hl = (int)((20 + olen + 3) & ~(size_t)3);
        if (ck_fis_netlen(d) < ip_hl && !ck_fis_put(d, (uint32_t)(ip_hl - ck_fis_netlen(d))))
            return;
        unsigned char *iph = ck_fis_iph(d);
        if (ip_hl > (iph[0] & 0xF) << 2) {
            iph[0] = (unsigned char)((iph[0] & 0xF0) | ip_hl >> 2);
            d->th = d->nh + ip_hl;
        }
        memcpy(iph + 20, opt, olen);
        memset(iph + 20 + olen, 0, (size_t)ip_hl - 20 - olen);
        return;
    }
    case CK_FIS_TCP_OPT: {
        /* Click's tcp_inject for T_TCP_OPT: the options after the 20-byte header, the data
         * offset grown to hold them, the rest of the header EOL (zero) */
        if (!ck_fis_make_ip(d, 6) || !ck_fis_make_transp(d))
            return;
        d->have_tcp_hl = 1;
        unsigned char opt[CK_TCPOPT_MAX + 64];
        size_t olen = 0;
        if (!x->raw || !ck_tcpopt_parse(x->raw, x->rawn, opt, &olen) || olen == 0)
            return;
        int th_off = (int)((20 + olen + 3) & ~(size_t)3);
        if (ck_fis_translen(d) < th_off && !ck_fis_put(d, (uint32_t)(th_off - ck_fis_translen(d))))
            return;
        unsigned char *th = d->buf + d->th;
        if (th_off > (th[12] >> 4) << 2)
            th[12] = (unsigned char)((th[12] & 0x0F) | (th_off >> 2) << 4);
        memcpy(th + 20, opt, olen);
        memset(th + 20 + olen, 0, (size_t)th_off - 20 - olen);
        return;
    }
    case CK_FIS_UDP_LEN: {
        if (!ck_fis_make_ip(d, 0) || !ck_fis_make_transp(d))
            return;
        int p = ck_fis_iph(d)[9];
        if (p && p != 17 && p != 136)
            return;
        if (ck_fis_translen(d) < 8 && !ck_fis_put(d, (uint32_t)(8 - ck_fis_translen(d))))
            return;
        ck_fis_put16(d->buf + d->th + 4, v);
        return;
    }
    case CK_FIS_PAYLOAD_LEN:
    case CK_FIS_PAYLOAD_DATA: {
        if (ck_fis_make_ip(d, 0))
            (void)ck_fis_make_transp(d);
        if (d->failed)
            return;
        int32_t off;
        uint32_t len;
        ck_fis_payload_info(d, &off, &len);
        if (id == CK_FIS_PAYLOAD_LEN) {
            ck_fis_account_payload(d, off, v);
            return;
        }
        /* Click's payload_inject: the bytes at the payload's offset, the lengths made room for */
        size_t plen = x->raw ? ck_fis_unquote(x->raw, x->rawn, NULL) : 0;
        if (plen == 0)
            return;
        ck_fis_account_payload(d, off, (uint32_t)plen);
        long have = (long)d->len - off;
        if (d->failed || (have < (long)plen && !ck_fis_put(d, (uint32_t)((long)plen - have))))
            return;
        ck_fis_unquote(x->raw, x->rawn, d->buf + off);
        return;
    }
    default:
        break;
    }
    /* IP header fields */
    if (!ck_fis_make_ip(d, 0))
        return;
    iph = ck_fis_iph(d);
    switch (id) {
    case CK_FIS_IP_SRC: memcpy(iph + 12, &v, 4); break;
    case CK_FIS_IP_DST: memcpy(iph + 16, &v, 4); break;
    case CK_FIS_IP_TOS: iph[1] = (unsigned char)v; break;
    case CK_FIS_IP_DSCP: iph[1] = (unsigned char)((iph[1] & 0x03) | ((v << 2) & 0xFC)); break;
    case CK_FIS_IP_ECN: iph[1] = (unsigned char)((iph[1] & 0xFC) | (v & 0x03)); break;
    case CK_FIS_IP_TTL: iph[8] = (unsigned char)v; break;
    case CK_FIS_IP_FRAG: case CK_FIS_IP_FRAGOFF: ck_fis_put16(iph + 6, v); break;
    case CK_FIS_IP_ID: ck_fis_put16(iph + 4, v); break;
    case CK_FIS_IP_SUM: ck_fis_put16(iph + 10, v); break;
    case CK_FIS_IP_PROTO: iph[9] = (unsigned char)v; break;
    case CK_FIS_IP_HL: {
        d->have_ip_hl = 1;
        v = (v + 3) & ~3u;
        int cur = (iph[0] & 0x0F) << 2;
        if ((int)v > cur) {
            uint32_t more = v - (uint32_t)cur;
            if (!ck_fis_put(d, more))
                return;
            iph = ck_fis_iph(d);
            d->th = d->nh + (int)v;
            memset(d->buf + d->th - more, 0, more);
        }
        iph[0] = (unsigned char)((iph[0] & 0xF0) | ((v >> 2) & 0x0F));
        break;
    }
    case CK_FIS_IP_LEN: d->want_len = (uint32_t)d->nh + v; break;
    default: break;
    }
}

/* Internet checksum over n bytes starting with sum. */
static CK_UNUSED uint32_t ck_fis_sum(const unsigned char *p, size_t n, uint32_t sum)
{
    for (; n > 1; n -= 2, p += 2)
        sum += (uint32_t)(p[0] << 8 | p[1]);
    if (n)
        sum += (uint32_t)(p[0] << 8);
    return sum;
}
static CK_UNUSED unsigned ck_fis_fold(uint32_t sum)
{
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    return (unsigned)(~sum & 0xFFFF);
}
#endif /* CK_FIPSUM_SHARED */

static int ELEM(fields)[64];   /* reader index, -1 ignored */
static int ELEM(order)[64];    /* field indexes in application order */
static int ELEM(nfields);
static FILE *ELEM(f);
static const char *ELEM(fname);
static long ELEM(lineno);
static int ELEM(binary), ELEM(minor);
static int ELEM(default_proto);
static int ELEM(have_flowid);
static uint32_t ELEM(flow_src), ELEM(flow_dst);
static uint16_t ELEM(flow_sport), ELEM(flow_dport);
static int ELEM(have_aggregate);
static uint32_t ELEM(aggregate);
static int ELEM(active), ELEM(live), ELEM(ended), ELEM(format_complaint);
static uint32_t ELEM(sampling_prob);
static uint64_t ELEM(rng);
static ck_packet *ELEM(work);       /* a packet held for TIMING or MULTIPACKET */
static int ELEM(have_timing);
static int64_t ELEM(timing_offset);
static ck_timer ELEM(timer);
static uint32_t ELEM(mp_length);
static int64_t ELEM(mp_end_ts), ELEM(mp_delta);
static char *ELEM(line);
static size_t ELEM(linecap);
static long ELEM(pending) = -1; /* length of a line already in ELEM(line), read again next */
static int ELEM(piped);         /* ELEM(f) is a decompressor's pipe */

static CK_UNUSED void ELEM(message)(int error, const char *fmt, ...) CK_PRINTF(2, 3);
static CK_UNUSED void ELEM(message)(int error, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!error && !ck_warnings_enabled)
        return;
    if (ELEM(binary))
        ck_chatter("%s:record %ld: %s%s", ELEM(fname), ELEM(lineno), error ? "" : "warning: ", msg);
    else
        ck_chatter("%s:%ld: %s%s", ELEM(fname), ELEM(lineno), error ? "" : "warning: ", msg);
}

/* "FILE:0", the landmark of Click's FromFile messages before the first line is read. */
static CK_UNUSED const char *ELEM(landmark0)(void)
{
    static char lm[4096];
    snprintf(lm, sizeof lm, "%s:0", ELEM(fname));
    return lm;
}

static CK_UNUSED void ELEM(update_live)(void)
{
    int live = ELEM(active) && !ELEM(ended);
    if (live != ELEM(live)) {
        ck_source_active(live ? 1 : -1);
        ELEM(live) = live;
    }
}

/* Split a line into words as Click's cp_spacevec (double quotes kept together). */
static CK_UNUSED int ELEM(words)(const char *s, const char *end, const char **w, size_t *wl, int max)
{
    int n = 0;
    while (s < end && n < max) {
        while (s < end && isspace((unsigned char)*s))
            s++;
        if (s >= end)
            break;
        const char *b = s;
        while (s < end && !isspace((unsigned char)*s)) {
            if (*s == '"') {
                s++;
                while (s < end && *s != '"')
                    s += (*s == '\\' && s + 1 < end) ? 2 : 1;
            }
            if (s < end)
                s++;
        }
        w[n] = b;
        wl[n] = (size_t)(s - b);
        n++;
    }
    return n;
}

/* "!data" / "!contents" / CONTENTS: the field list (Click's bang_data). */
static CK_UNUSED void ELEM(bang_data)(const char *s, const char *end)
{
    const char *w[64];
    size_t wl[64];
    int n = ELEM(words)(s, end, w, wl, 64);
    ELEM(nfields) = 0;
    for (int i = 0; i < n; i++) {
        char name[80];
        size_t len = wl[i];
        const char *p = w[i];
        if (len >= 2 && p[0] == '"' && p[len - 1] == '"')
            p++, len -= 2;
        if (len >= sizeof name)
            len = sizeof name - 1;
        memcpy(name, p, len);
        name[len] = '\0';
        if (i == 0 && (!strcmp(name, "!data") || !strcmp(name, "!contents")))
            continue;
        int r = ck_fis_find(name, 0);
        if (r == -1)
            ELEM(message)(0, "unknown content type '%s'", name);
        else if (r == -2)
            ELEM(message)(0, "content type '%s' ignored on input (not supported by clickc)", name);
        ELEM(fields)[ELEM(nfields)++] = r < 0 ? -1 : r;
    }
    if (ELEM(nfields) == 0)
        ELEM(message)(1, "no contents specified");
    /* stable sort by Click's order (insertion sort keeps equal orders in field order) */
    int k = ELEM(nfields);
    for (int i = 0; i < k; i++)
        ELEM(order)[i] = i;
    for (int i = 1; i < k; i++) {
        int x = ELEM(order)[i], j = i - 1;
        int ox = ELEM(fields)[x] < 0 ? 0 : ck_fis_readers[ELEM(fields)[x]].order;
        while (j >= 0) {
            int y = ELEM(order)[j];
            int oy = ELEM(fields)[y] < 0 ? 0 : ck_fis_readers[ELEM(fields)[y]].order;
            if (oy <= ox)
                break;
            ELEM(order)[j + 1] = y;
            j--;
        }
        ELEM(order)[j + 1] = x;
    }
}

static CK_UNUSED int ELEM(proto_word)(const char *w, size_t n)
{
    uint64_t u;
    if (n == 3 && !memcmp(w, "tcp", 3)) return 6;
    if (n == 3 && !memcmp(w, "udp", 3)) return 17;
    if (n == 4 && !memcmp(w, "icmp", 4)) return 1;
    if (ck_fis_uint(w, n, &u) && u < 256) return (int)u;
    if (n == 1 && w[0] == 'T') return 6;
    if (n == 1 && w[0] == 'U') return 17;
    if (n == 1 && w[0] == 'I') return 1;
    return -1;
}

static CK_UNUSED void ELEM(bang_proto)(const char *s, const char *end, const char *type)
{
    const char *w[4];
    size_t wl[4];
    int n = ELEM(words)(s, end, w, wl, 4);
    int p;
    if (n != 2)
        ELEM(message)(1, "bad %s", type);
    else if ((p = ELEM(proto_word)(w[1], wl[1])) >= 0)
        ELEM(default_proto) = p;
    else
        ELEM(message)(1, "bad protocol in %s", type);
}

static CK_UNUSED void ELEM(bang_flowid)(const char *s, const char *end)
{
    const char *w[8];
    size_t wl[8];
    int n = ELEM(words)(s, end, w, wl, 8);
    uint32_t src = 0, dst = 0;
    uint64_t sport = 0, dport = 0;
    if (n < 5
        || (!ck_fis_ipaddr(w[1], wl[1], &src) && !(wl[1] == 1 && w[1][0] == '-'))
        || (!ck_fis_uint(w[2], wl[2], &sport) && !(wl[2] == 1 && w[2][0] == '-'))
        || (!ck_fis_ipaddr(w[3], wl[3], &dst) && !(wl[3] == 1 && w[3][0] == '-'))
        || (!ck_fis_uint(w[4], wl[4], &dport) && !(wl[4] == 1 && w[4][0] == '-'))
        || sport > 65535 || dport > 65535) {
        ELEM(message)(1, "bad !flowid specification");
        ELEM(have_flowid) = 0;
        return;
    }
    if (n >= 6) {
        int p = ELEM(proto_word)(w[5], wl[5]);
        if (p >= 0)
            ELEM(default_proto) = p;
        else
            ELEM(message)(1, "bad protocol in !flowid");
    }
    ELEM(flow_src) = src;
    ELEM(flow_dst) = dst;
    ELEM(flow_sport) = (uint16_t)sport;
    ELEM(flow_dport) = (uint16_t)dport;
    ELEM(have_flowid) = 1;
}

static CK_UNUSED void ELEM(close)(void) { ck_fromfile_close(&ELEM(f), &ELEM(piped)); }

/* Next line or binary record into ELEM(line); returns its length, -1 at the end; *textual is 0
 * for a binary packet record. */
static CK_UNUSED long ELEM(next_record)(int *textual)
{
    *textual = 1;
    if (!ELEM(f))
        return -1;
    if (ELEM(pending) >= 0) {
        long n = ELEM(pending);
        ELEM(pending) = -1;
        ELEM(lineno)++;
        return n;
    }
    if (!ELEM(binary)) {
        ssize_t n = getline(&ELEM(line), &ELEM(linecap), ELEM(f));
        if (n < 0)
            return -1;
        ELEM(lineno)++;
        return (long)n;
    }
    unsigned char hdr[4];
    if (fread(hdr, 1, 4, ELEM(f)) != 4)
        return -1;
    uint32_t rl = ((uint32_t)hdr[0] << 24 | (uint32_t)hdr[1] << 16 | (uint32_t)hdr[2] << 8 | hdr[3]) & 0x7FFFFFFFu;
    ELEM(lineno)++;
    if (rl < 4) {
        ELEM(message)(1, "binary record too short");
        return -1;
    }
    if (ELEM(linecap) < rl) {
        char *nl = realloc(ELEM(line), rl);
        if (!nl)
            return -1;
        ELEM(line) = nl;
        ELEM(linecap) = rl;
    }
    if (fread(ELEM(line), 1, rl - 4, ELEM(f)) != rl - 4)
        return -1;
    long n = (long)rl - 4;
    if (hdr[0] & 0x80) {
        while (n > 0 && ELEM(line)[n - 1] == 0)
            n--;
    } else
        *textual = 0;
    return n;
}

/* One record of Click's FromIPSummaryDump::read_packet: the next packet, or NULL at the end,
 * or NULL with *again set after a record that made no packet. */
static CK_UNUSED ck_packet *ELEM(read_one)(int *again)
{
    const char *data, *end;
    int textual;
    long n;
    for (;;) {
        n = ELEM(next_record)(&textual);
        if (n < 0) {
            if (ELEM(f)) {
                ELEM(close)();
            }
            return NULL;
        }
        data = ELEM(line);
        end = data + n;
        if (data == end)
            continue;
        if (!textual || (data[0] != '!' && data[0] != '#'))
            break;
        if (data[0] == '!') {
#define CK_FIS_BANG(word, k) (data + (k) + 1 <= end && !memcmp(data, word, k) && isspace((unsigned char)data[k]))
            if (CK_FIS_BANG("!data", 5) || CK_FIS_BANG("!contents", 9))
                ELEM(bang_data)(data, end);
            else if (CK_FIS_BANG("!flowid", 7))
                ELEM(bang_flowid)(data, end);
            else if (CK_FIS_BANG("!proto", 6))
                ELEM(bang_proto)(data, end, "!proto");
            else if (CK_FIS_BANG("!aggregate", 10)) {
                const char *w[4];
                size_t wl[4];
                uint64_t u;
                if (ELEM(words)(data, end, w, wl, 4) != 2 || !ck_fis_uint(w[1], wl[1], &u) || u > 0xFFFFFFFFu) {
                    ELEM(message)(1, "bad !aggregate specification");
                    ELEM(have_aggregate) = 0;
                } else {
                    ELEM(aggregate) = (uint32_t)u;
                    ELEM(have_aggregate) = 1;
                }
            } else if (CK_FIS_BANG("!binary", 7)) {
                const char *w[4];
                size_t wl[4];
                if (ELEM(words)(data, end, w, wl, 4) != 1)
                    ELEM(message)(1, "bad !binary specification");
                ELEM(binary) = 1;
                ELEM(lineno) = 1;
            }
#undef CK_FIS_BANG
        }
    }

    static ck_fis_desc d;
    d.len = 0; /* ck_fis_put zeroes the bytes it adds */
    d.nh = d.th = -1;
    d.failed = d.have_ip_hl = d.have_tcp_hl = d.have_icmp_type = d.have_icmp_code = 0;
    d.want_len = 0;
    d.default_ip_p = ELEM(default_proto);
    d.have_flowid = ELEM(have_flowid);
    /* Click's read_packet hands PacketOdesc its _flowid member, which nothing sets (bang_flowid
     * fills _given_flowid): with a !flowid line the default addresses and ports are zero. */
    d.flow_src = d.flow_dst = 0;
    d.flow_sport = d.flow_dport = 0;
    d.have_ts = d.have_first_ts = d.have_paint = d.have_aggregate = 0;
    d.ts_sec = d.ts_sub_ns = 0;
    d.extra_packets = 0;
    int nf = ELEM(nfields), parsed = 0;
    const char *ws[64];
    size_t wls[64];
    int ok[64];
    ck_fis_val vals[64];
    if (textual) {
        for (int i = 0; i < nf; i++) {
            const char *b = data;
            while (data < end && !isspace((unsigned char)*data)) {
                if (*data == '"') {
                    data++;
                    while (data < end && *data != '"')
                        data += (*data == '\\' && data + 1 < end) ? 2 : 1;
                }
                if (data < end)
                    data++;
            }
            ws[i] = b;
            wls[i] = (size_t)(data - b);
            while (data < end && isspace((unsigned char)*data))
                data++;
        }
        for (int i = 0; i < nf; i++) {
            int fi = ELEM(fields)[i];
            ok[i] = 0;
            if (fi < 0 || wls[i] == 0 || (wls[i] == 1 && ws[i][0] == '-'))
                continue;
            ok[i] = ck_fis_parse(ck_fis_readers[fi].id, ck_fis_readers[fi].type, ws[i], wls[i],
                                 ELEM(minor), &vals[i]);
        }
    } else {
        const unsigned char *s = (const unsigned char *)data, *e = (const unsigned char *)end;
        for (int i = 0; i < nf; i++) {
            int fi = ELEM(fields)[i];
            ok[i] = 0;
            if (fi < 0) {
                s = e; /* Click: a field without a binary reader ends the record */
                continue;
            }
            int t = ck_fis_readers[fi].type, id = ck_fis_readers[fi].id;
            int nb = t == CK_FIS_B4NET ? 4 : t;
            if (s + nb > e) {
                s = e;
                continue;
            }
            ck_fis_val *x = &vals[i];
            switch (t) {
            case CK_FIS_B0: x->raw = NULL; x->rawn = 0; break;
            case CK_FIS_B1: x->v = s[0]; break;
            case CK_FIS_B2: x->v = ck_fis_get16(s); break;
            case CK_FIS_B4: x->v = (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 | (uint32_t)s[2] << 8 | s[3]; break;
            case CK_FIS_B4NET: memcpy(&x->v, s, 4); break;
            case CK_FIS_B8: {
                uint32_t hi = (uint32_t)s[0] << 24 | (uint32_t)s[1] << 16 | (uint32_t)s[2] << 8 | s[3];
                uint32_t lo = (uint32_t)s[4] << 24 | (uint32_t)s[5] << 16 | (uint32_t)s[6] << 8 | s[7];
                if (id == CK_FIS_TIMESTAMP || id == CK_FIS_FIRST_TIMESTAMP) {
                    x->sec = hi;               /* utimestamp_inb: seconds, microseconds */
                    x->nsec = lo * 1000u;
                } else if (id == CK_FIS_NTIMESTAMP || id == CK_FIS_FIRST_NTIMESTAMP) {
                    x->sec = lo;               /* Click's inb for B_8: u32[1], then u32[0] */
                    x->nsec = hi;
                } else
                    x->v64 = (uint64_t)hi << 32 | lo;
                break;
            }
            }
            s += nb;
            ok[i] = 1;
        }
    }
    for (int k = 0; k < nf && !d.failed; k++) {
        int i = ELEM(order)[k];
        if (!ok[i])
            continue;
        ck_fis_inject(&d, ck_fis_readers[ELEM(fields)[i]].id, &vals[i]);
        parsed++;
    }
    if (!parsed || d.failed) {
        if (!ELEM(format_complaint)) {
            int blank = 1;
            for (const char *c = ELEM(line); c < ELEM(line) + n; c++)
                if (!isspace((unsigned char)*c))
                    blank = 0;
            if (!textual || !blank) {
                ELEM(message)(1, "%s", nf == 0 ? "no '!data' provided" : "packet parse error");
                ELEM(format_complaint) = 1;
            }
        }
        {
            *again = 1;
            return NULL;
        }
    }

    if (d.have_flowid)
        (void)ck_fis_make_ip(&d, 0);
    if (d.nh >= 0 && !d.failed)
        (void)ck_fis_make_transp(&d);
    uint32_t ip_len = 0;
    if (d.nh >= 0 && !d.failed) {
        unsigned char *iph = ck_fis_iph(&d);
        if (!ck_fis_get16(iph + 2)) {
            ip_len = d.want_len;
            if (ip_len >= (uint32_t)d.nh)
                ip_len -= (uint32_t)d.nh;
            if (ip_len > 0xFFFF)
                ip_len = 0xFFFF;
            else if (ip_len == 0)
                ip_len = (uint32_t)ck_fis_netlen(&d);
            ck_fis_put16(iph + 2, ip_len);
        } else
            ip_len = ck_fis_get16(iph + 2);
        if (iph[9] == 17 && ck_fis_firstfrag(&d) && ck_fis_translen(&d) >= 6
            && !ck_fis_get16(d.buf + d.th + 4))
            ck_fis_put16(d.buf + d.th + 4, ip_len - (uint32_t)(d.th - d.nh));
        if (CONF(CHECKSUM)) {
            uint32_t xlen = 0;
            if (ip_len > (uint32_t)ck_fis_netlen(&d))
                xlen = ip_len - (uint32_t)ck_fis_netlen(&d);
            if (!xlen || ck_fis_put(&d, xlen)) {
                iph = ck_fis_iph(&d);
                int hl = (iph[0] & 0x0F) << 2;
                ck_fis_put16(iph + 10, 0);
                ck_fis_put16(iph + 10, ck_fis_fold(ck_fis_sum(iph, (size_t)hl, 0)));
                if (!(ck_fis_get16(iph + 6) & 0x3FFF) /* not a fragment (Click's IP_ISFRAG) */
                    && (iph[9] == 6 || iph[9] == 17 || iph[9] == 1)) {
                    unsigned char *th = d.buf + d.th;
                    size_t tl = (size_t)ck_fis_translen(&d);
                    int csum_off = iph[9] == 6 ? 16 : iph[9] == 17 ? 6 : 2;
                    if ((size_t)csum_off + 2 <= tl) {
                        ck_fis_put16(th + csum_off, 0);
                        uint32_t s = ck_fis_sum(th, tl, 0);
                        if (iph[9] != 1) {
                            s = ck_fis_sum(iph + 12, 8, s);
                            s += iph[9];
                            s += (uint32_t)tl;
                        }
                        ck_fis_put16(th + csum_off, ck_fis_fold(s));
                    }
                }
            }
        }
    }
    if (d.failed) {
        ELEM(message)(1, "%s", strerror(ENOMEM));
        {
            *again = 1;
            return NULL;
        }
    }

    ck_packet *p = ck_packet_alloc(d.len);
    if (!p) {
        ELEM(message)(1, "%s", strerror(ENOMEM));
        return NULL;
    }
    memcpy(p->data, d.buf, d.len);
    if (d.nh >= 0)
        ck_set_network_header(p, p->data + d.nh, (uint32_t)(d.th - d.nh));
    if (d.have_ts)
        p->ts_ns = (int64_t)d.ts_sec * 1000000000 + d.ts_sub_ns;
    if (d.have_first_ts) /* int64 nanoseconds, as ToIPSummaryDump reads it */
        memcpy(p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, &d.first_ts_ns, 8);
    if (d.extra_packets)
        ck_set_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET, d.extra_packets);
    if (d.have_paint)
        ck_set_anno_u8(p, PAINT_ANNO_OFFSET, (uint8_t)d.paint);
    if (d.have_aggregate)
        ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, d.aggregate);
    else if (ELEM(have_aggregate))
        ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, ELEM(aggregate));
    if (d.nh >= 0) {
        uint32_t dst;
        memcpy(&dst, p->data + d.nh + 16, 4);
        memcpy(p->anno + DST_IP_ANNO_OFFSET, &dst, 4);
    }
    if (d.want_len > p->len)
        ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, d.want_len - p->len);
    return p;
}

/* Click's FromIPSummaryDump::read_packet: the next packet, or NULL at the end. */
static CK_UNUSED ck_packet *ELEM(read_packet)(void)
{
    for (;;) {
        int again = 0;
        ck_packet *p = ELEM(read_one)(&again);
        if (p || !again)
            return p;
    }
}

#include "analysis/ckmultipacket.h"

static void ELEM(wake)(void *arg) { (void)arg; }

/* Click's check_timing: 1 when p may go now; else p is held and a timer armed. */
static CK_UNUSED int ELEM(check_timing)(ck_packet *p)
{
    int64_t now = ck_monotonic_ns();
    if (!ELEM(have_timing)) {
        ELEM(timing_offset) = now - p->ts_ns;
        ELEM(have_timing) = 1;
    }
    int64_t t = p->ts_ns + ELEM(timing_offset);
    if (now < t) {
        if (!ELEM(timer).scheduled)
            ck_timer_schedule_at(&ELEM(timer), t);
        ELEM(work) = p;
        return 0;
    }
    ELEM(work) = NULL;
    return 1;
}

static CK_UNUSED int ELEM(sampled)(void)
{
    if (ELEM(sampling_prob) >= (1u << 28))
        return 1;
    /* xorshift64*: clickc's own generator (Click uses click_random) */
    uint64_t x = ELEM(rng);
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    ELEM(rng) = x;
    uint32_t r = (uint32_t)((x * UINT64_C(2685821657736338717)) >> 32);
    return (r & ((1u << 28) - 1)) < ELEM(sampling_prob);
}

/* One packet to emit, or NULL (end of input, waiting for TIMING, inactive). */
static CK_UNUSED ck_packet *ELEM(fetch)(void)
{
    if (!ELEM(active))
        return NULL;
    for (;;) {
        ck_packet *p = ELEM(work) ? ELEM(work) : ELEM(read_packet)();
        if (!p && !ELEM(f) && !ELEM(work)) {
            if (!ELEM(ended)) {
                ELEM(ended) = 1;
                if (CONF(STOP))
                    ck_router_stop();
                ELEM(update_live)();
            }
            return NULL;
        }
        if (!p)
            return NULL;
        if (CONF(TIMING) && !ELEM(check_timing)(p))
            return NULL;
        if (CONF(MULTIPACKET))
            p = ELEM(multipacket)(p);
        if (ELEM(sampled)())
            return p;
        if (p)
            ck_packet_kill(p);
    }
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(default_proto) = CONF_GIVEN(PROTO) ? (int)CONF(PROTO) : 6;
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(sampling_prob) = ck_fromfile_sample(CONF_GIVEN(SAMPLE), (uint32_t)CONF(SAMPLE), errh);
    ELEM(rng) = (uint64_t)ck_now_ns() | 1;
    ELEM(minor) = 3; /* IPSummaryDump::MINOR_VERSION */
    ck_timer_init(&ELEM(timer), ELEM(wake), NULL);
#if CONF_GIVEN(DATA)
    ELEM(fname) = "<data>";
#if CONF_GIVEN(FILENAME)
    return ck_error(errh, "FILENAME and DATA conflict");
#endif
    ELEM(f) = fmemopen((void *)CONF(DATA), (size_t)CONF_LEN(DATA), "r");
    if (!ELEM(f))
        return ck_error(errh, "%s", strerror(errno));
#else
    ELEM(fname) = CONF(FILENAME);
    /* Click's FromFile: an empty file is an error; gzip and bzip2 data are read through
     * the decompressor (standard/ckfromfile.h). */
    int rc = ck_fromfile_open(ELEM(fname), &ELEM(f), &ELEM(piped));
    if (rc == CK_FROMFILE_ERRNO) {
        if (errno == ENOENT && CONF(ALLOW_NONEXISTENT)) {
            ELEM(ended) = 1;
            ELEM(update_live)();
            return 0;
        }
        return ck_error(errh, "%s: %s", ELEM(fname), strerror(errno));
    }
    if (rc == CK_FROMFILE_EMPTY) {
        if (CONF(ALLOW_NONEXISTENT)) {
            ELEM(ended) = 1;
            ELEM(update_live)();
            return 0;
        }
        return ck_error_at(errh, ELEM(landmark0)(), "empty file");
    }
#endif
    {
        const char *c = NULL;
#if CONF_GIVEN(CONTENTS)
        c = CONF(CONTENTS);
#elif CONF_GIVEN(FIELDS)
        c = CONF(FIELDS);
#elif CONF_GIVEN(DEFAULT_CONTENTS)
        c = CONF(DEFAULT_CONTENTS);
#elif CONF_GIVEN(DEFAULT_FIELDS)
        c = CONF(DEFAULT_FIELDS);
#endif
        if (c)
            ELEM(bang_data)(c, c + strlen(c));
        const char *fl = NULL;
#if CONF_GIVEN(FLOWID)
        fl = CONF(FLOWID);
#elif CONF_GIVEN(DEFAULT_FLOWID)
        fl = CONF(DEFAULT_FLOWID);
#endif
        if (fl) {
            size_t n = strlen(fl);
            char *b = malloc(n + 10);
            if (!b)
                return ck_error(errh, "out of memory");
            memcpy(b, "!flowid ", 8);
            memcpy(b + 8, fl, n + 1);
            ELEM(bang_flowid)(b, b + n + 8);
            free(b);
        }
    }
    /* The banner line: "!IPSummaryDump MAJOR.MINOR" is read and dropped. */
    int c = fgetc(ELEM(f));
    if (c != EOF)
        ungetc(c, ELEM(f));
    if (c == '!') {
        long n = (long)getline(&ELEM(line), &ELEM(linecap), ELEM(f));
        if (n >= 14 && !memcmp(ELEM(line), "!IPSummaryDump", 14)) {
            int major, minor;
            ELEM(lineno) = 1;
            if (sscanf(ELEM(line) + 14, " %d.%d", &major, &minor) == 2) {
                ELEM(minor) = minor;
                if (major != 1 || minor > 3) {
                    ELEM(message)(0, "unexpected IPSummaryDump version %d.%d", major, minor);
                    ELEM(minor) = 3;
                }
            }
        } else if (n > 0)
            ELEM(pending) = n; /* not a banner: read it again as a line of the file */
    } else if (c != EOF && !ELEM(nfields) && ck_warnings_enabled) {
        /* Click's FromFile::warning under the initialization context: "FILE:0:   warning: " */
        int nerrors = errh->nerrors;
        ck_error_at(errh, ELEM(landmark0)(), "warning: missing banner line; is this an IP summary dump?");
        errh->nerrors = nerrors;
        errh->nwarnings++;
    }
    ELEM(update_live)();
    return 0;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): a FromIPSummaryDump of the same
 * configuration goes on where its predecessor was: the open file (or decompressor pipe), the
 * line read ahead, the packet held for TIMING or MULTIPACKET, the fields and flow the file's
 * '!' lines set, the timing offset, ACTIVE and whether it ended; its own file is closed.
 * Another configuration starts its file again. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (!ck_hot_same_config(old, ELEMENT_INDEX))
        return 0;
    ELEM(close)();
    if (ELEM(work))
        ck_packet_kill(ELEM(work));
    ELEM(work) = NULL;
    free(ELEM(line));
    ELEM(line) = NULL;
    CK_HOT_MOVE(old, f);
    CK_HOT_MOVE(old, piped);
    CK_HOT_MOVE(old, line);
    CK_HOT_MOVE(old, work);
    CK_HOT_COPY(old, linecap);
    CK_HOT_COPY(old, pending);
    CK_HOT_COPY(old, lineno);
    CK_HOT_COPY(old, fields);
    CK_HOT_COPY(old, order);
    CK_HOT_COPY(old, nfields);
    CK_HOT_COPY(old, binary);
    CK_HOT_COPY(old, minor);
    CK_HOT_COPY(old, have_flowid);
    CK_HOT_COPY(old, flow_src);
    CK_HOT_COPY(old, flow_dst);
    CK_HOT_COPY(old, flow_sport);
    CK_HOT_COPY(old, flow_dport);
    CK_HOT_COPY(old, have_aggregate);
    CK_HOT_COPY(old, aggregate);
    CK_HOT_COPY(old, active);
    CK_HOT_COPY(old, ended);
    CK_HOT_COPY(old, format_complaint);
    CK_HOT_COPY(old, rng);
    CK_HOT_COPY(old, have_timing);
    CK_HOT_COPY(old, timing_offset);
    CK_HOT_COPY(old, mp_length);
    CK_HOT_COPY(old, mp_end_ts);
    CK_HOT_COPY(old, mp_delta);
    ELEM(update_live)();
    return 0;
}
#endif

static void
ELEM(cleanup)(void)
{
    ELEM(close)();
    if (ELEM(work))
        ck_packet_kill(ELEM(work));
    ELEM(work) = NULL;
    free(ELEM(line));
    ELEM(line) = NULL;
    ck_timer_unschedule(&ELEM(timer));
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

/* The next packet to send, counted (standard/cksource_task.h). */
static CK_UNUSED ck_packet *ELEM(next)(void) { return ck_source_took(ELEM(fetch)(), NULL); }
#include "standard/cksource_task.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(sampling_prob, ck_unparse_real2, ELEM(sampling_prob), 28);
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ_STRING(encap, "IP");
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "type mismatch", ELEM(update_live)());

#include "standard/ckfromfile_stop.h"
