/* ToIPSummaryDump(FILENAME, CONTENTS ...): writes one text line per packet with the requested
 * fields (Click's elements/analysis/toipsumdump.cc with the field writers of ipsumdumpinfo.cc,
 * ipsumdump_ip.cc, ipsumdump_tcp.cc, ipsumdump_udp.cc, ipsumdump_anno.cc and
 * ipsumdump_payload.cc), byte for byte. The header is "!IPSummaryDump 1.3", "!creator
 * "BANNER"" when BANNER is given, "!host"/"!runtime" with VERBOSE, then "!data FIELDS".
 *
 * Fields: timestamp (ntimestamp, utimestamp, ts), ts_sec (sec), ts_usec (usec), ts_usec1,
 * first_timestamp, count, link/paint, direction, aggregate, wire_len, ip_src, ip_dst, ip_tos,
 * ip_dscp, ip_ecn, ip_ttl, ip_frag, ip_fragoff, ip_id, ip_sum, ip_proto, ip_hl, ip_len,
 * ip_capture_len, sport, dport, tcp_seq, tcp_ack, tcp_off, tcp_flags, tcp_window, tcp_urp,
 * udp_len, payload_len, icmp_type, icmp_type_name, icmp_code, icmp_flowid, icmp_seq,
 * icmp_nextmtu (Click's ipsumdump_icmp.cc), payload (quoted as Click's cp_quote), payload_md5
 * and payload_md5_hex (the payload's MD5 digest, analysis/ckmd5.h), tcp_opt and ip_opt
 * (Click's text, analysis/cktcpopt.h and ckipopt.h), with Click's
 * synonyms and its "X" -> "ip_X" and space -> "_" rules.
 * A field that cannot be read from the packet prints "-"; with BAD_PACKETS a "!bad ..." line
 * names the first problem, as Click's. Not supported (refused at initialization):
 * icmp_code_name, tcp_ntopt, tcp_sack, BINARY, MULTIPACKET.
 * As in Click, summarizing updates the packet's EXTRA_LENGTH annotation (ip_prepare). */
#include <stdio.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>
#include "analysis/ckipsumnames.h"
#include "analysis/ckmd5.h"
#include "analysis/cktcpopt.h"
#include "analysis/ckipopt.h"
#ifndef CK_IPSUM_SHARED
#define CK_IPSUM_SHARED
enum {
    CK_IPSUM_TIMESTAMP, CK_IPSUM_TS_SEC, CK_IPSUM_TS_USEC, CK_IPSUM_TS_USEC1,
    CK_IPSUM_FIRST_TIMESTAMP, CK_IPSUM_COUNT, CK_IPSUM_LINK, CK_IPSUM_DIRECTION,
    CK_IPSUM_AGGREGATE, CK_IPSUM_WIRE_LEN,
    CK_IPSUM_IP_FIRST, /* fields below use Click's ip_prepare */
    CK_IPSUM_IP_SRC = CK_IPSUM_IP_FIRST, CK_IPSUM_IP_DST, CK_IPSUM_IP_TOS, CK_IPSUM_IP_DSCP,
    CK_IPSUM_IP_ECN, CK_IPSUM_IP_TTL, CK_IPSUM_IP_FRAG, CK_IPSUM_IP_FRAGOFF, CK_IPSUM_IP_ID,
    CK_IPSUM_IP_SUM, CK_IPSUM_IP_PROTO, CK_IPSUM_IP_HL, CK_IPSUM_IP_LEN, CK_IPSUM_IP_CAPTURE_LEN,
    CK_IPSUM_SPORT, CK_IPSUM_DPORT, CK_IPSUM_TCP_SEQ, CK_IPSUM_TCP_ACK, CK_IPSUM_TCP_OFF,
    CK_IPSUM_TCP_FLAGS, CK_IPSUM_TCP_WINDOW, CK_IPSUM_TCP_URP, CK_IPSUM_UDP_LEN,
    CK_IPSUM_PAYLOAD_LEN, CK_IPSUM_ICMP_TYPE, CK_IPSUM_ICMP_CODE, CK_IPSUM_ICMP_TYPE_NAME,
    CK_IPSUM_ICMP_FLOWID, CK_IPSUM_ICMP_SEQ, CK_IPSUM_ICMP_NEXTMTU, CK_IPSUM_PAYLOAD,
    CK_IPSUM_PAYLOAD_MD5, CK_IPSUM_PAYLOAD_MD5_HEX, CK_IPSUM_TCP_OPT,
    CK_IPSUM_IP_OPT,
    CK_IPSUM_UNSUPPORTED = 1000
};
typedef struct { const char *name; int id; } ck_ipsum_name;
static const ck_ipsum_name ck_ipsum_fields[] = {
    {"timestamp", CK_IPSUM_TIMESTAMP}, {"ntimestamp", CK_IPSUM_TIMESTAMP},
    {"ts_sec", CK_IPSUM_TS_SEC}, {"ts_usec", CK_IPSUM_TS_USEC}, {"ts_usec1", CK_IPSUM_TS_USEC1},
    {"first_timestamp", CK_IPSUM_FIRST_TIMESTAMP}, {"first_ntimestamp", CK_IPSUM_FIRST_TIMESTAMP},
    {"count", CK_IPSUM_COUNT}, {"link", CK_IPSUM_LINK}, {"paint", CK_IPSUM_LINK},
    {"direction", CK_IPSUM_DIRECTION}, {"aggregate", CK_IPSUM_AGGREGATE},
    {"wire_len", CK_IPSUM_WIRE_LEN},
    {"ip_src", CK_IPSUM_IP_SRC}, {"ip_dst", CK_IPSUM_IP_DST}, {"ip_tos", CK_IPSUM_IP_TOS},
    {"ip_dscp", CK_IPSUM_IP_DSCP}, {"ip_ecn", CK_IPSUM_IP_ECN}, {"ip_ttl", CK_IPSUM_IP_TTL},
    {"ip_frag", CK_IPSUM_IP_FRAG}, {"ip_fragoff", CK_IPSUM_IP_FRAGOFF}, {"ip_id", CK_IPSUM_IP_ID},
    {"ip_sum", CK_IPSUM_IP_SUM}, {"ip_proto", CK_IPSUM_IP_PROTO}, {"ip_hl", CK_IPSUM_IP_HL},
    {"ip_len", CK_IPSUM_IP_LEN}, {"ip_capture_len", CK_IPSUM_IP_CAPTURE_LEN},
    {"sport", CK_IPSUM_SPORT}, {"dport", CK_IPSUM_DPORT}, {"tcp_seq", CK_IPSUM_TCP_SEQ},
    {"tcp_ack", CK_IPSUM_TCP_ACK}, {"tcp_off", CK_IPSUM_TCP_OFF},
    {"tcp_flags", CK_IPSUM_TCP_FLAGS}, {"tcp_window", CK_IPSUM_TCP_WINDOW},
    {"tcp_urp", CK_IPSUM_TCP_URP}, {"udp_len", CK_IPSUM_UDP_LEN},
    {"payload_len", CK_IPSUM_PAYLOAD_LEN},
    {"icmp_type", CK_IPSUM_ICMP_TYPE}, {"icmp_code", CK_IPSUM_ICMP_CODE},
    {"icmp_type_name", CK_IPSUM_ICMP_TYPE_NAME}, {"icmp_flowid", CK_IPSUM_ICMP_FLOWID},
    {"icmp_seq", CK_IPSUM_ICMP_SEQ}, {"icmp_nextmtu", CK_IPSUM_ICMP_NEXTMTU},
    {"icmp_code_name", CK_IPSUM_UNSUPPORTED}, {"ip_opt", CK_IPSUM_IP_OPT}, {"tcp_opt", CK_IPSUM_TCP_OPT},
    {"tcp_ntopt", CK_IPSUM_UNSUPPORTED}, {"tcp_sack", CK_IPSUM_UNSUPPORTED},
    {"payload", CK_IPSUM_PAYLOAD}, {"payload_md5", CK_IPSUM_PAYLOAD_MD5},
    {"payload_md5_hex", CK_IPSUM_PAYLOAD_MD5_HEX},
};
/* Click's FieldWriter::find: synonyms, writers, then update_name; returns the table index or
 * -1. `depth` bounds the recursion. */
static CK_UNUSED int ck_ipsum_find(const char *name, int depth)
{
    if (depth > 8)
        return -1;
    const char *syn = ck_ipsum_synonym(name);
    if (syn)
        return ck_ipsum_find(syn, depth + 1);
    for (size_t i = 0; i < sizeof ck_ipsum_fields / sizeof ck_ipsum_fields[0]; i++)
        if (!strcmp(name, ck_ipsum_fields[i].name))
            return (int)i;
    char buf[80];
    return ck_ipsum_rename(name, buf, sizeof buf) ? ck_ipsum_find(buf, depth + 1) : -1;
}
static inline unsigned ck_ipsum16(const unsigned char *p) { return (unsigned)(p[0] << 8 | p[1]); }
static inline uint32_t ck_ipsum32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
/* Click's PacketDesc after ip_prepare, as offsets from p->data (-1: absent). */
typedef struct ck_ipsum_desc {
    const ck_packet *p;
    long nh, th;   /* network / transport header offsets (-1 when unset) */
    int iph, tcph, udph, icmph; /* 1 when the header is usable (Click's non-null d.iph ...) */
    long tailpad;
    ck_buf *bad;   /* NULL unless BAD_PACKETS */
} ck_ipsum_desc;
static inline long ck_ipsum_netlen(const ck_ipsum_desc *d) { return (long)d->p->len - d->nh - d->tailpad; }
static inline long ck_ipsum_translen(const ck_ipsum_desc *d) { return (long)d->p->len - d->th - d->tailpad; }
/* Click's cp_quote: `s` in double quotes, with \\, \", \$, \t, \r, \n and octal escapes. */
static CK_UNUSED void ck_ipsum_quote(ck_buf *sa, const unsigned char *s, size_t n)
{
    ck_buf_puts(sa, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = s[i];
        if (c == '\\' || c == '"' || c == '$')
            ck_buf_printf(sa, "\\%c", c);
        else if (c == '\t')
            ck_buf_puts(sa, "\\t");
        else if (c == '\r')
            ck_buf_puts(sa, "\\r");
        else if (c == '\n')
            ck_buf_puts(sa, "\\n");
        else if (c < 32 || c >= 127)
            ck_buf_printf(sa, "\\%o%o%o", c >> 6, (c >> 3) & 7, c & 7);
        else
            ck_buf_append(sa, (const char *)&c, 1);
    }
    ck_buf_puts(sa, "\"");
}
static CK_UNUSED void ck_ipsum_bad(ck_ipsum_desc *d, const char *msg, long val, int has_val)
{
    if (d->bad && d->bad->len == 0) {
        if (has_val)
            ck_buf_printf(d->bad, "!bad %s%ld\n", msg, val);
        else
            ck_buf_printf(d->bad, "!bad %s\n", msg);
    }
}
#endif

static int ELEM(fields)[64];
static int ELEM(nfields), ELEM(need_ip);
static FILE *ELEM(f);
static ck_buf ELEM(sa), ELEM(bad_sa);

static int
ELEM(init)(ck_errh *errh)
{
    const char *save = CONF(CONTENTS);
#if CONF_GIVEN(FIELDS)
    save = CONF(FIELDS);
#endif
#if CONF_GIVEN(CONTENTS)
    save = CONF(CONTENTS);
#endif
#if CONF_GIVEN(DATA)
    save = CONF(DATA);
#endif
    if (CONF(BINARY))
        return ck_error(errh, "BINARY is not supported by clickc yet");
    if (CONF(MULTIPACKET))
        return ck_error(errh, "MULTIPACKET is not supported by clickc yet");
    int nerr = 0;
    const char *s = save;
    ELEM(nfields) = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (!*s)
            break;
        char word[80];
        size_t n = 0;
        if (*s == '"') { /* a quoted word (cp_unquote of simple quotes) */
            s++;
            while (*s && *s != '"') {
                if (n < sizeof word - 1)
                    word[n++] = *s;
                s++;
            }
            if (*s == '"')
                s++;
        } else
            while (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r') {
                if (n < sizeof word - 1)
                    word[n++] = *s;
                s++;
            }
        word[n] = '\0';
        int i = ck_ipsum_find(word, 0);
        if (i < 0) {
            ck_error(errh, "unknown content type '%s'", word);
            nerr++;
            continue;
        }
        if (ck_ipsum_fields[i].id == CK_IPSUM_UNSUPPORTED) {
            ck_error(errh, "content type '%s' is not supported by clickc yet", word);
            nerr++;
            continue;
        }
        if (ELEM(nfields) == 64) {
            ck_error(errh, "too many fields");
            nerr++;
            break;
        }
        ELEM(fields)[ELEM(nfields)++] = i;
        if (ck_ipsum_fields[i].id >= CK_IPSUM_IP_FIRST)
            ELEM(need_ip) = 1;
    }
    if (ELEM(nfields) == 0 && !nerr) {
        ck_error(errh, "no contents specified");
        nerr++;
    }
    if (nerr)
        return -1;
    const char *fn = CONF(FILENAME);
    if (strcmp(fn, "-") != 0) {
        ELEM(f) = fopen(fn, "wb");
        if (!ELEM(f))
            return ck_error(errh, "%s: %s", fn, strerror(errno));
    } else
        ELEM(f) = stdout;
    ck_buf sa;
    ck_buf_init(&sa);
    ck_buf_puts(&sa, "!IPSummaryDump 1.3\n");
#if CONF_GIVEN(BANNER)
    if (CONF_LEN(BANNER) > 0) {
        ck_buf_puts(&sa, "!creator ");
        ck_ipsum_quote(&sa, (const unsigned char *)CONF(BANNER), (size_t)CONF_LEN(BANNER));
        ck_buf_puts(&sa, "\n");
    }
#endif
    if (CONF(VERBOSE)) {
        char host[256];
        host[sizeof host - 1] = '\0';
        if (gethostname(host, sizeof host - 1) >= 0)
            ck_buf_printf(&sa, "!host %s\n", host);
        time_t when = time(NULL);
        char cw[64];
        const char *c = ctime_r(&when, cw);
        ck_buf_puts(&sa, "!runtime ");
        ck_unparse_timestamp(&sa, ck_now_ns());
        ck_buf_printf(&sa, " (%.*s)\n", c ? (int)strlen(c) - 1 : 0, c ? c : "");
    }
    ck_buf_puts(&sa, "!data ");
    for (int i = 0; i < ELEM(nfields); i++) {
        const char *name = ck_ipsum_fields[ELEM(fields)[i]].name;
        ck_buf_printf(&sa, "%s%s", i ? " " : "", strcmp(name, "ntimestamp") == 0 ? "timestamp" : name);
    }
    ck_buf_puts(&sa, "\n");
    if (CONF(HEADER))
        (void)!fwrite(sa.s, 1, sa.len, ELEM(f));
    ck_buf_free(&sa);
    ck_buf_init(&ELEM(sa));
    ck_buf_init(&ELEM(bad_sa));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(f) && ELEM(f) != stdout)
        fclose(ELEM(f));
    else if (ELEM(f))
        fflush(ELEM(f));
    ELEM(f) = NULL;
    ck_buf_free(&ELEM(sa));
    ck_buf_free(&ELEM(bad_sa));
}

/* Click's ip_prepare. */
static void ELEM(prepare)(ck_ipsum_desc *d, ck_packet *p)
{
    const long off = (long)(p->data - p->head);
    d->p = p;
    d->nh = p->nh_off >= 0 ? (long)p->nh_off - off : -1;
    d->th = p->th_off >= 0 ? (long)p->th_off - off : -1;
    d->tailpad = 0;
    d->iph = d->nh >= 0;
    d->tcph = d->udph = d->icmph = d->th >= 0;
    const unsigned char *ip = d->iph ? p->data + d->nh : NULL;
    long netlen = d->iph ? (long)p->len - d->nh : 0;
    uint32_t extra = ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
    if (!d->iph)
        ;
    else if (netlen < 4)
        ck_ipsum_bad(d, "truncated IP header", 0, 0), d->iph = 0;
    else if ((ip[0] >> 4) != 4)
        ck_ipsum_bad(d, "IP version ", ip[0] >> 4, 1), d->iph = 0;
    else if ((ip[0] & 15) < 5)
        ck_ipsum_bad(d, "IP header length ", ip[0] & 15, 1), d->iph = 0;
    else if ((long)ck_ipsum16(ip + 2) < (long)((ip[0] & 15) << 2))
        ck_ipsum_bad(d, "IP length ", (long)ck_ipsum16(ip + 2), 1), d->iph = 0;
    else {
        long ip_len = (long)ck_ipsum16(ip + 2);
        if (netlen > ip_len) {
            extra += (uint32_t)(netlen - ip_len);
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, extra);
            d->tailpad = netlen - ip_len;
        } else if (CONF(CAREFUL_TRUNC) && (uint32_t)netlen + extra < (uint32_t)ip_len)
            ck_ipsum_bad(d, "truncated IP missing ", (long)((uint32_t)ip_len - (uint32_t)netlen - extra), 1);
    }
    int hl = d->iph ? (ip[0] & 15) << 2 : 0;
    int firstfrag = d->iph && (ck_ipsum16(ip + 6) & 0x1FFF) == 0;
    if (!d->iph || !d->tcph || ck_ipsum_netlen(d) <= hl || ip[9] != 6 || !firstfrag)
        d->tcph = 0;
    else if (ck_ipsum_translen(d) > 12 && (p->data[d->th + 12] >> 4) < 5)
        ck_ipsum_bad(d, "TCP header length ", p->data[d->th + 12] >> 4, 1), d->tcph = 0;
    if (!d->iph || !d->udph || ck_ipsum_netlen(d) <= hl || ip[9] != 17 || !firstfrag)
        d->udph = 0;
    if (!d->iph || !d->icmph || ck_ipsum_netlen(d) <= hl || ip[9] != 1 || !firstfrag)
        d->icmph = 0;
    extra = ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
    if (d->iph && extra > 0) {
        uint32_t full = (uint32_t)ck_ipsum_netlen(d) + extra;
        if (ck_ipsum16(ip + 2) != 0xFFFF || full <= 0xFFFF)
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, 0);
        else
            ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, full - 0xFFFF);
    }
}

/* Click's hard_field_missing; proto 0 = IP, 256 = TCP or UDP. Returns 0. */
static int ELEM(missing)(ck_ipsum_desc *d, int proto, long l)
{
    if (!d->bad || d->bad->len)
        return 0;
    const unsigned char *ip = d->iph ? d->p->data + d->nh : NULL;
    const char *pname = proto == 6 ? "TCP" : proto == 17 ? "UDP" : proto == 1 ? "ICMP" : proto == 256 ? "TCP/UDP" : "?";
    if (!d->iph)
        ck_buf_puts(d->bad, "!bad no IP header\n");
    else if (proto == 0)
        ck_buf_puts(d->bad, "!bad truncated IP header capture\n");
    else if (ck_ipsum_netlen(d) > 9
             && ((proto > 0 && proto < 256 && ip[9] != proto)
                 || (proto == 256 && ip[9] != 6 && ip[9] != 17)))
        return 0;
    else if ((ck_ipsum16(ip + 6) & 0x1FFF) != 0)
        ck_buf_printf(d->bad, "!bad fragmented %s header\n", pname);
    else if ((d->th >= 0 ? ck_ipsum_translen(d) : 0) + (long)ck_anno_u32(d->p, EXTRA_LENGTH_ANNO_OFFSET) >= l)
        ck_buf_printf(d->bad, "!bad truncated %s header capture\n", pname);
    else
        ck_buf_printf(d->bad, "!bad truncated %s header\n", pname);
    return 0;
}

/* Append field `id` to sa; returns 0 when it is missing ("-"). */
static int ELEM(field)(ck_ipsum_desc *d, int id, ck_buf *sa)
{
    const ck_packet *p = d->p;
    const unsigned char *ip = d->iph ? p->data + d->nh : NULL;
    long nl = d->iph ? ck_ipsum_netlen(d) : 0;
    long tl = d->th >= 0 ? ck_ipsum_translen(d) : 0;
    const unsigned char *t = d->th >= 0 ? p->data + d->th : NULL;
#define IPCHECK(l) do { if (!d->iph || nl < (l)) return ELEM(missing)(d, 0, (l)); } while (0)
#define TCPCHECK(l) do { if (!d->tcph || tl < (l)) return ELEM(missing)(d, 6, (l)); } while (0)
#define ICMPCHECK(l) do { if (!d->icmph || tl < (l)) return ELEM(missing)(d, 1, (l)); } while (0)
    switch (id) {
    /* Click's ipsumdump_icmp.cc: type and code as numbers or the type's name; the identifier
     * and sequence number of the types that have them, the next-hop MTU of "needfrag" */
    case CK_IPSUM_ICMP_TYPE:
    case CK_IPSUM_ICMP_TYPE_NAME:
        ICMPCHECK(1);
        if (id == CK_IPSUM_ICMP_TYPE_NAME && t[0] < 19 && ck_ipsum_icmp_types[t[0]])
            ck_buf_puts(sa, ck_ipsum_icmp_types[t[0]]);
        else
            ck_buf_printf(sa, "%u", t[0]);
        return 1;
    case CK_IPSUM_ICMP_CODE:
        ICMPCHECK(2);
        ck_buf_printf(sa, "%u", t[1]);
        return 1;
    case CK_IPSUM_ICMP_FLOWID:
    case CK_IPSUM_ICMP_SEQ:
        ICMPCHECK(1);
        if (!ck_ipsum_icmp_has_flow(t[0]))
            return 0;
        ICMPCHECK(id == CK_IPSUM_ICMP_FLOWID ? 6 : 8);
        ck_buf_printf(sa, "%u", ck_ipsum16(t + (id == CK_IPSUM_ICMP_FLOWID ? 4 : 6)));
        return 1;
    case CK_IPSUM_ICMP_NEXTMTU:
        ICMPCHECK(2);
        if (t[0] != 3 || t[1] != 4)
            return 0;
        ICMPCHECK(8);
        ck_buf_printf(sa, "%u", ck_ipsum16(t + 6));
        return 1;
    case CK_IPSUM_TIMESTAMP:
        ck_unparse_timestamp(sa, p->ts_ns);
        return 1;
    case CK_IPSUM_TS_SEC:
        ck_buf_printf(sa, "%u", (uint32_t)(p->ts_ns / 1000000000));
        return 1;
    case CK_IPSUM_TS_USEC:
        ck_buf_printf(sa, "%u", (uint32_t)(p->ts_ns % 1000000000 / 1000));
        return 1;
    case CK_IPSUM_TS_USEC1:
        ck_buf_printf(sa, "%llu", (unsigned long long)((uint64_t)(p->ts_ns / 1000000000) * 1000000
                                                      + (uint64_t)(p->ts_ns % 1000000000 / 1000)));
        return 1;
    case CK_IPSUM_FIRST_TIMESTAMP: {
        int64_t ft;
        memcpy(&ft, p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, 8);
        ck_unparse_timestamp(sa, ft);
        return 1;
    }
    case CK_IPSUM_COUNT:
        ck_buf_printf(sa, "%u", 1 + ck_anno_u32(p, EXTRA_PACKETS_ANNO_OFFSET));
        return 1;
    case CK_IPSUM_LINK:
        ck_buf_printf(sa, "%u", ck_anno_u8(p, PAINT_ANNO_OFFSET));
        return 1;
    case CK_IPSUM_DIRECTION: {
        unsigned v = ck_anno_u8(p, PAINT_ANNO_OFFSET);
        if (v <= 1)
            ck_buf_puts(sa, v ? "<" : ">");
        else
            ck_buf_printf(sa, "%u", v);
        return 1;
    }
    case CK_IPSUM_AGGREGATE:
        ck_buf_printf(sa, "%u", ck_anno_u32(p, AGGREGATE_ANNO_OFFSET));
        return 1;
    case CK_IPSUM_WIRE_LEN:
        ck_buf_printf(sa, "%u", p->len);
        return 1;
    case CK_IPSUM_IP_SRC:
        IPCHECK(16);
        ck_buf_printf(sa, "%u.%u.%u.%u", ip[12], ip[13], ip[14], ip[15]);
        return 1;
    case CK_IPSUM_IP_DST:
        IPCHECK(20);
        ck_buf_printf(sa, "%u.%u.%u.%u", ip[16], ip[17], ip[18], ip[19]);
        return 1;
    case CK_IPSUM_IP_TOS:
        IPCHECK(2);
        ck_buf_printf(sa, "%u", ip[1]);
        return 1;
    case CK_IPSUM_IP_DSCP:
        IPCHECK(2);
        ck_buf_printf(sa, "%u", ip[1] >> 2);
        return 1;
    case CK_IPSUM_IP_ECN: {
        IPCHECK(2);
        static const char *const ecn[4] = {"no", "ect1", "ect2", "ce"};
        ck_buf_puts(sa, ecn[ip[1] & 3]);
        return 1;
    }
    case CK_IPSUM_IP_TTL:
        IPCHECK(9);
        ck_buf_printf(sa, "%u", ip[8]);
        return 1;
    case CK_IPSUM_IP_FRAG: {
        IPCHECK(8);
        unsigned off = ck_ipsum16(ip + 6);
        char c = (off & 0x3FFF) ? ((off & 0x1FFF) == 0 ? 'F' : 'f') : ((off & 0x4000) ? '!' : '.');
        ck_buf_append(sa, &c, 1);
        return 1;
    }
    case CK_IPSUM_IP_FRAGOFF: {
        IPCHECK(8);
        unsigned v = ck_ipsum16(ip + 6);
        ck_buf_printf(sa, "%u%s%s", (v & 0x1FFF) << 3, (v & 0x2000) ? "+" : "", (v & 0x4000) ? "!" : "");
        return 1;
    }
    case CK_IPSUM_IP_ID:
        IPCHECK(6);
        ck_buf_printf(sa, "%u", ck_ipsum16(ip + 4));
        return 1;
    case CK_IPSUM_IP_SUM:
        IPCHECK(12);
        ck_buf_printf(sa, "%u", ck_ipsum16(ip + 10));
        return 1;
    case CK_IPSUM_IP_PROTO:
        IPCHECK(10);
        if (ip[9] == 6)
            ck_buf_puts(sa, "T");
        else if (ip[9] == 17)
            ck_buf_puts(sa, "U");
        else if (ip[9] == 1)
            ck_buf_puts(sa, "I");
        else
            ck_buf_printf(sa, "%u", ip[9]);
        return 1;
    case CK_IPSUM_IP_HL:
        IPCHECK(1);
        ck_buf_printf(sa, "%u", (ip[0] & 15) << 2);
        return 1;
    case CK_IPSUM_IP_LEN: {
        uint32_t v = d->iph ? ck_ipsum16(ip + 2) : (uint32_t)((long)p->len - d->tailpad);
        if (CONF(EXTRA_LENGTH))
            v += ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
        ck_buf_printf(sa, "%u", v);
        return 1;
    }
    case CK_IPSUM_IP_CAPTURE_LEN: {
        uint32_t allow = d->iph ? (uint32_t)nl : (uint32_t)((long)p->len - d->tailpad);
        uint32_t len = d->iph ? ck_ipsum16(ip + 2) : allow;
        ck_buf_printf(sa, "%u", len < allow ? len : allow);
        return 1;
    }
    case CK_IPSUM_SPORT:
    case CK_IPSUM_DPORT: {
        int dport = id == CK_IPSUM_DPORT;
        if (d->iph && nl > (long)((ip[0] & 15) << 2) && (ck_ipsum16(ip + 6) & 0x1FFF) == 0
            && (ip[9] == 6 || ip[9] == 17 || ip[9] == 33 || ip[9] == 136) && t
            && tl >= (dport ? 4 : 2)) {
            ck_buf_printf(sa, "%u", ck_ipsum16(t + (dport ? 2 : 0)));
            return 1;
        }
        return ELEM(missing)(d, 256, dport ? 4 : 2);
    }
    case CK_IPSUM_TCP_SEQ:
        TCPCHECK(8);
        ck_buf_printf(sa, "%u", ck_ipsum32(t + 4));
        return 1;
    case CK_IPSUM_TCP_ACK:
        TCPCHECK(12);
        ck_buf_printf(sa, "%u", ck_ipsum32(t + 8));
        return 1;
    case CK_IPSUM_TCP_OFF:
        TCPCHECK(13);
        ck_buf_printf(sa, "%u", (unsigned)(t[12] >> 4) << 2);
        return 1;
    case CK_IPSUM_TCP_FLAGS: {
        TCPCHECK(14);
        unsigned v = t[13] | (unsigned)(t[12] & 15) << 8;
        if (v == 0x18)
            ck_buf_puts(sa, "PA");
        else if (v == 0x10)
            ck_buf_puts(sa, "A");
        else if (v == 0)
            ck_buf_puts(sa, ".");
        else
            for (int fl = 0; fl < 9; fl++)
                if (v & (1u << fl))
                    ck_buf_append(sa, &"FSRPAUECN"[fl], 1);
        return 1;
    }
    case CK_IPSUM_TCP_WINDOW:
        TCPCHECK(16);
        ck_buf_printf(sa, "%u", ck_ipsum16(t + 14));
        return 1;
    case CK_IPSUM_IP_OPT:
        /* Click's ip_extract: the whole header the header length names must be there */
        if (!d->iph || ((ip[0] & 0xF) > 5 && nl < (long)((ip[0] & 0xF) << 2)))
            return ELEM(missing)(d, 0, d->iph ? (ip[0] & 0xF) << 2 : 20);
        if ((ip[0] & 0xF) <= 5)
            ck_buf_puts(sa, ".");
        else
            ck_ipopt_unparse(sa, ip + 20, (size_t)((ip[0] & 0xF) << 2) - 20);
        return 1;
    case CK_IPSUM_TCP_OPT: {
        /* Click's tcp_extract: the whole header the data offset names must be there */
        if (!d->tcph || tl < 13 || ((t[12] >> 4) > 5 && tl < (long)((t[12] >> 4) << 2)))
            return ELEM(missing)(d, 6, tl + 1);
        if ((t[12] >> 4) <= 5)
            ck_buf_puts(sa, ".");
        else
            ck_tcpopt_unparse(sa, t + 20, (size_t)((t[12] >> 4) << 2) - 20);
        return 1;
    }
    case CK_IPSUM_TCP_URP:
        TCPCHECK(20);
        ck_buf_printf(sa, "%u", ck_ipsum16(t + 18));
        return 1;
    case CK_IPSUM_UDP_LEN:
        if (!d->udph || tl < 6)
            return ELEM(missing)(d, 17, 6);
        ck_buf_printf(sa, "%u", ck_ipsum16(t + 4));
        return 1;
    case CK_IPSUM_PAYLOAD_LEN:
    case CK_IPSUM_PAYLOAD:
    case CK_IPSUM_PAYLOAD_MD5:
    case CK_IPSUM_PAYLOAD_MD5_HEX: {
        /* Click's payload_info */
        uint32_t len;
        long off = 0;
        if (d->iph) {
            len = ck_ipsum16(ip + 2);
            off = d->th; /* transport_header_offset; Click uses it even when unset */
            if (off < 0)
                off = d->nh; /* no transport header: Click's offset is then undefined; use nh */
            if ((ck_ipsum16(ip + 6) & 0x1FFF) == 0) {
                if (ip[9] == 6) {
                    if ((long)p->len - off - d->tailpad >= 13 && (p->data[off + 12] >> 4) >= 5)
                        off += (p->data[off + 12] >> 4) << 2;
                    else
                        off += 20;
                } else if (ip[9] == 17 || ip[9] == 136)
                    off += 8;
            }
            len -= (uint32_t)(off - d->nh);
        } else
            len = (uint32_t)((long)p->len - d->tailpad);
        if (id != CK_IPSUM_PAYLOAD_LEN) {
            /* the bytes the packet holds ("" when none): quoted as Click's cp_quote, or their
             * MD5 digest in Click's text form or in hexadecimal (ipsumdump_payload.cc) */
            if (len != 0 && off >= (long)p->len)
                return 0;
            if (off + (long)len > (long)p->len)
                len = (uint32_t)((long)p->len - off);
            if (id == CK_IPSUM_PAYLOAD) {
                ck_ipsum_quote(sa, p->data + off, len);
                return 1;
            }
            unsigned char digest[CK_MD5_DIGEST_SIZE];
            ck_md5(p->data + off, len, digest);
            if (id == CK_IPSUM_PAYLOAD_MD5_HEX)
                for (int i = 0; i < CK_MD5_DIGEST_SIZE; i++)
                    ck_buf_printf(sa, "%02x", digest[i]);
            else {
                char text[CK_MD5_TEXT_DIGEST_SIZE];
                ck_md5_text(digest, text);
                ck_buf_append(sa, text, sizeof text);
            }
            return 1;
        }
        if (!d->iph || CONF(EXTRA_LENGTH))
            len += ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
        ck_buf_printf(sa, "%u", len);
        return 1;
    }
    default:
        return 0;
    }
#undef IPCHECK
#undef TCPCHECK
#undef ICMPCHECK
}

static void ELEM(write_packet)(ck_packet *p)
{
    ck_ipsum_desc d;
    memset(&d, 0, sizeof d);
    ck_buf_clear(&ELEM(sa));
    ck_buf_clear(&ELEM(bad_sa));
    d.bad = CONF(BAD_PACKETS) ? &ELEM(bad_sa) : NULL;
    d.p = p;
    d.nh = d.th = -1;
    if (ELEM(need_ip))
        ELEM(prepare)(&d, p);
    for (int i = 0; i < ELEM(nfields); i++) {
        if (i)
            ck_buf_puts(&ELEM(sa), " ");
        if (!ELEM(field)(&d, ck_ipsum_fields[ELEM(fields)[i]].id, &ELEM(sa)))
            ck_buf_puts(&ELEM(sa), "-");
    }
    ck_buf_puts(&ELEM(sa), "\n");
    if (d.bad && ELEM(bad_sa).len)
        (void)!fwrite(ELEM(bad_sa).s, 1, ELEM(bad_sa).len, ELEM(f));
    (void)!fwrite(ELEM(sa).s, 1, ELEM(sa).len, ELEM(f));
}

#define CK_OBSERVE(p) ELEM(write_packet)(p)
#include "standard/ckobserve_sink.h"

static CK_UNUSED int ELEM(write_flush)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    if (ELEM(f))
        fflush(ELEM(f));
    return 0;
}
