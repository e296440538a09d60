/* FromTcpdump(FILENAME [, STOP, ACTIVE, ZERO, CHECKSUM, SAMPLE]): packets from the text of
 * "tcpdump -n" (Click's elements/analysis/fromtcpdump.cc), one per line that starts with a
 * digit ('#' lines and empty lines are skipped):
 *
 *   TIMESTAMP SRC[.PORT] > DST[.PORT]: PROTOCOL DATA [TRAILING (...) and [...] GROUPS]
 *
 * The protocol is guessed from the first character after the colon, as Click does: 'i'
 * ICMP, 'u' or "[u" UDP, '.' or an upper-case letter TCP, else 0.  The packet is a 20-byte
 * IPv4 header (TTL 2, ZERO or not: clickc always zeroes unset bytes) with the addresses,
 * then for TCP a 20-byte header with the ports, the flags (Click's letters: F S R P A U E W/C/Y,
 * '.' for ACK), "SEQ:END(LEN)", "ack N", "win N", "urg N" and the options in <...> (nop, eol,
 * mss, wscale, sackOK, timestamp, "sack sack N {a:b}..."), padded with EOL; for UDP an
 * 8-byte header with the ports and "udp LEN".  TCP sequence numbers shown relative to the
 * flow's first packet are made absolute with tcpdump's heuristic, as Click's flow table
 * does.  The trailing groups give "tos 0xHH", ECT(0)/ECT(1)/CE, DF, "frag ID:LEN@OFF[+]",
 * "ttl N", "id N" and "len N" (a TCP length above the headers' is TCP options, padded with
 * EOL).  The payload is not in the packet: its length is in the extra-length annotation and
 * the IP (and UDP) lengths count it.  CHECKSUM sets the IP checksum and the TCP or UDP one
 * over the headers present (not for fragments).  A line that does not parse is skipped, the
 * first one with "FILE:LINE: packet parse error".
 *
 * SAMPLE keeps each packet with probability SAMPLE (2^-28 units, Click's click_random()
 * draw: with RandomSeed the same packets as Click).  The file is read as Click's FromFile:
 * "-" is standard input, gzip or bzip2 data goes through "gzip -dc"/"bzip2 -dc", and a first
 * line that does not start with a digit gives the warning "first line suspicious; is this a
 * tcpdump output file?".  Handlers: sampling_prob, active, encap (IP), filesize (the file's
 * size, "-" for standard input or compressed data), filepos (bytes of text read), stop. */
#include <stdio.h>
#include <errno.h>
#include <ctype.h>
#include <sys/stat.h>
#include <netdb.h>

#include "ip/ckip.h"
#include "standard/ckbool.h"
#include "standard/cksource.h"
#include "standard/ckrandom.h"
#include "standard/ckfromfile.h"

#ifndef CK_FTD_ONCE
#define CK_FTD_ONCE
#define CK_FTD_BUF 4096
typedef struct ck_ftd_flow {
    unsigned char key[12];
    uint32_t init_seq[2], last_seq[2];
    int used;
} ck_ftd_flow;

/* Click's tcp_flag_mapping: a letter's TCP flag bit (0: not a flag letter). */
static unsigned ck_ftd_flag(unsigned char c)
{
    switch (c) {
    case 'F': return 0x01;
    case 'S': return 0x02;
    case 'R': return 0x04;
    case 'P': return 0x08;
    case 'A': return 0x10;
    case 'U': return 0x20;
    case 'E': case 'X': return 0x40;
    case 'C': case 'W': case 'Y': return 0x80;
    case 'N': return 0x100; /* beyond th_flags' 8 bits: no effect, as in Click */
    default: return 0;
    }
}

/* Click's cp_integer on [s, end): an unsigned number in base (0: C prefixes); returns the
 * end of the digits, s when there are none. */
static const char *ck_ftd_uint(const char *s, const char *end, int base, uint32_t *out)
{
    const char *p = s;
    if (base == 0) {
        base = 10;
        if (p + 1 < end && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && p + 2 < end
            && isxdigit((unsigned char)p[2]))
            base = 16, p += 2;
        else if (p < end && p[0] == '0')
            base = 8;
    }
    uint32_t v = 0;
    const char *d = p;
    for (; p < end; p++) {
        int c = (unsigned char)*p, x;
        if (c >= '0' && c <= '9')
            x = c - '0';
        else if (c >= 'a' && c <= 'f')
            x = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            x = c - 'A' + 10;
        else
            break;
        if (x >= base)
            break;
        v = v * (uint32_t)base + (uint32_t)x;
    }
    if (p == d)
        return s;
    *out = v;
    return p;
}

static const char *ck_ftd_find(const char *s, const char *end, char c)
{
    while (s < end && *s != c)
        s++;
    return s;
}

/* A dotted-quad address in [s, end) (network order into *a); 0 when not one. */
static int ck_ftd_ip(const char *s, const char *end, uint32_t *a)
{
    char buf[32];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = 0;
    return ck_ip_parse(buf, a) == 0;
}

/* A port in [s, end): a number up to 65535 or a service name of protocol proto. */
static int ck_ftd_port(const char *s, const char *end, int proto, uint16_t *port)
{
    uint32_t v;
    const char *e = ck_ftd_uint(s, end, 10, &v);
    if (e == end && e != s && v <= 0xFFFF) {
        *port = (uint16_t)v;
        return 1;
    }
    char buf[64];
    size_t n = (size_t)(end - s);
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n] = 0;
    struct servent *se = getservbyname(buf, proto == 6 ? "tcp" : "udp");
    if (!se)
        return 0;
    *port = ntohs((uint16_t)se->s_port);
    return 1;
}

static void ck_ftd_put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}
#endif

static FILE *ELEM(f);
static int ELEM(piped), ELEM(compressed);
static const char *ELEM(fname);
static long ELEM(lineno);
static uint64_t ELEM(filepos);
static char *ELEM(line);
static size_t ELEM(linecap);
static long ELEM(pending) = -1;
static int ELEM(active), ELEM(live), ELEM(ended), ELEM(complained);
static uint32_t ELEM(sampling_prob);
static int ELEM(absolute_seq) = -1;
static ck_ftd_flow *ELEM(flows);
static size_t ELEM(nflows), ELEM(flowcap);

static void ELEM(update_live)(void) { ck_source_set_live(ELEM(active) && !ELEM(ended), &ELEM(live)); }

static void ELEM(close)(void) { ck_fromfile_close(&ELEM(f), &ELEM(piped)); }

/* The flow record of key (Click's _tcp_map, a default record when new); NULL out of memory. */
static ck_ftd_flow *ELEM(flow)(const unsigned char *key)
{
    size_t h = 0;
    for (int i = 0; i < 12; i++)
        h = h * 131 + key[i];
    if (ELEM(nflows) * 2 >= ELEM(flowcap)) {
        size_t cap = ELEM(flowcap) ? ELEM(flowcap) * 2 : 64;
        ck_ftd_flow *t = calloc(cap, sizeof *t);
        if (!t)
            return NULL;
        for (size_t i = 0; i < ELEM(flowcap); i++)
            if (ELEM(flows)[i].used) {
                size_t g = 0;
                for (int k = 0; k < 12; k++)
                    g = g * 131 + ELEM(flows)[i].key[k];
                size_t j = g % cap;
                while (t[j].used)
                    j = (j + 1) % cap;
                t[j] = ELEM(flows)[i];
            }
        free(ELEM(flows));
        ELEM(flows) = t;
        ELEM(flowcap) = cap;
    }
    size_t j = h % ELEM(flowcap);
    while (ELEM(flows)[j].used && memcmp(ELEM(flows)[j].key, key, 12))
        j = (j + 1) % ELEM(flowcap);
    if (!ELEM(flows)[j].used) {
        memset(&ELEM(flows)[j], 0, sizeof ELEM(flows)[j]);
        memcpy(ELEM(flows)[j].key, key, 12);
        ELEM(flows)[j].used = 1;
        ELEM(nflows)++;
    }
    return &ELEM(flows)[j];
}

/* Click's read_tcp_line: the TCP header at b + 20 (*len bytes so far) from [s, end). */
static const char *ELEM(tcp_line)(unsigned char *b, uint32_t *len, const char *s,
                                  const char *end, int *data_len)
{
    unsigned char *ip = b, *tcp = b + 20;
    unsigned flags = 0;
    if (s < end && *s == '.')
        flags = 0x10, s++;
    else
        for (; s < end && ck_ftd_flag((unsigned char)*s); s++)
            flags |= ck_ftd_flag((unsigned char)*s);
    tcp[13] = (unsigned char)flags;
    tcp[12] = 5 << 4;
    if (s >= end || *s != ' ')
        return s;
    const char *s2;
    if (s + 9 <= end && !memcmp(s + 1, "[bad hdr", 8) && (s2 = ck_ftd_find(s + 9, end, ']')) + 1 < end
        && s2[1] == ' ')
        s = s2 + 1;
    if (s + 14 <= end && !memcmp(s + 1, "[tcp sum ok] ", 13))
        s += 14;
    else if (s + 9 <= end && !memcmp(s + 1, "[bad tcp", 8)
             && (s2 = ck_ftd_find(s + 9, end, ']')) + 1 < end && s2[1] == ' ')
        s = s2 + 2;
    else
        s++;
    uint32_t seq = 0, end_seq = 0, ack = 0;
    if (s < end && s[0] != 'a') {
        const char *e1 = ck_ftd_uint(s, end, 0, &seq);
        if (e1 == s || e1 >= end || *e1 != ':')
            return s;
        const char *e2 = ck_ftd_uint(e1 + 1, end, 0, &end_seq);
        if (e2 == e1 + 1 || e2 >= end || *e2 != '(')
            return s;
        for (s = e2 + 1; s < end && isdigit((unsigned char)*s); s++)
            ;
        if (s >= end || *s != ')')
            return s;
        else if (s + 1 >= end || s[1] != ' ')
            return s + 1;
        s += 2;
    }
    *data_len = (int)(end_seq - seq);
    if (s + 4 < end && !memcmp(s, "ack ", 4) && isdigit((unsigned char)s[4])) {
        tcp[13] |= 0x10;
        s = ck_ftd_uint(s + 4, end, 0, &ack);
        if (s < end && *s == ' ')
            s++;
    }
    ck_ftd_flow *rec = NULL;
    int rev = 0;
    if (tcp[13] & 0x10) {
        /* Click compares the stored (network-order) fields as host integers */
        uint16_t sp, dp;
        uint32_t sa, da;
        memcpy(&sp, tcp, 2);
        memcpy(&dp, tcp + 2, 2);
        memcpy(&sa, ip + CKIP_SRC, 4);
        memcpy(&da, ip + CKIP_DST, 4);
        rev = sp < dp || (sp == dp && sa < da);
        unsigned char key[12];
        if (rev) {
            memcpy(key, ip + CKIP_SRC, 4), memcpy(key + 4, tcp, 2);
            memcpy(key + 6, ip + CKIP_DST, 4), memcpy(key + 10, tcp + 2, 2);
        } else {
            memcpy(key, ip + CKIP_DST, 4), memcpy(key + 4, tcp + 2, 2);
            memcpy(key + 6, ip + CKIP_SRC, 4), memcpy(key + 10, tcp, 2);
        }
        rec = ELEM(flow)(key);
    }
    if (rec) {
        if ((!rec->init_seq[0] && !rec->init_seq[1]) || (tcp[13] & 0x02)) {
            rec->init_seq[rev] = seq;
            rec->init_seq[!rev] = ack - 1;
        } else {
            if (ELEM(absolute_seq) < 0)
                ELEM(absolute_seq) = (int32_t)(ack - rec->init_seq[!rev]) >= 0 && ack > 8000;
            if (seq == 0 && end_seq == 0)
                seq = end_seq = rec->last_seq[rev];
            else if (!ELEM(absolute_seq)) {
                seq += rec->init_seq[rev];
                end_seq += rec->init_seq[rev];
            }
            if (!ELEM(absolute_seq))
                ack += rec->init_seq[!rev];
        }
        rec->last_seq[rev] = end_seq + ((tcp[13] & 0x02) ? 1 : 0) + ((tcp[13] & 0x01) ? 1 : 0);
        if (!rec->last_seq[!rev])
            rec->last_seq[!rev] = ack;
    }
    ck_ftd_put32(tcp + 4, seq);
    ck_ftd_put32(tcp + 8, ack);
    uint32_t u;
    if (s + 4 < end && !memcmp(s, "win ", 4) && isdigit((unsigned char)s[4])) {
        s = ck_ftd_uint(s + 4, end, 0, &u);
        ck_put16(tcp + 14, (uint16_t)u);
        if (s < end && *s == ' ')
            s++;
    }
    if (s + 4 < end && !memcmp(s, "urg ", 4) && isdigit((unsigned char)s[4])) {
        s = ck_ftd_uint(s + 4, end, 0, &u);
        ck_put16(tcp + 18, (uint16_t)u);
        if (s < end && *s != ' ')
            s++;
    }
    if (s < end && s[0] == '<') {
        unsigned char *opt = tcp + 20;
        int n = 0;
        for (s++; s < end && *s != '>';) {
            int n1 = n;
            uint32_t u2;
            if (n > 40 - 10) /* no room for another option: Click grows a string */
                n = 40 - 10;
            if (s + 3 <= end && !memcmp(s, "nop", 3))
                opt[n++] = 1, s += 3;
            else if (s + 3 <= end && !memcmp(s, "eol", 3))
                opt[n++] = 0, s += 3;
            else if (s + 4 < end && !memcmp(s, "mss ", 4) && isdigit((unsigned char)s[4])) {
                s = ck_ftd_uint(s + 4, end, 0, &u);
                opt[n++] = 2, opt[n++] = 4, opt[n++] = (unsigned char)(u >> 8), opt[n++] = (unsigned char)u;
            } else if (s + 7 < end && !memcmp(s, "wscale ", 7) && isdigit((unsigned char)s[7])) {
                s = ck_ftd_uint(s + 7, end, 0, &u);
                opt[n++] = 3, opt[n++] = 3, opt[n++] = (unsigned char)u;
            } else if (s + 6 <= end && !memcmp(s, "sackOK", 6))
                opt[n++] = 4, opt[n++] = 2, s += 6;
            else if (s + 10 < end && !memcmp(s, "timestamp ", 10) && isdigit((unsigned char)s[10])) {
                s = ck_ftd_uint(s + 10, end, 0, &u);
                if (s + 1 < end && *s == ' ' && isdigit((unsigned char)s[1])) {
                    s = ck_ftd_uint(s + 1, end, 0, &u2);
                    opt[n++] = 8, opt[n++] = 10;
                    ck_ftd_put32(opt + n, u), ck_ftd_put32(opt + n + 4, u2), n += 8;
                }
            } else if (s + 10 < end && !memcmp(s, "sack sack ", 10) && isdigit((unsigned char)s[10])) {
                uint32_t nsack;
                s = ck_ftd_uint(s + 10, end, 0, &nsack);
                opt[n++] = 5, opt[n++] = (unsigned char)(nsack * 8 + 2);
                while (s < end && *s == ' ')
                    s++;
                while (s + 1 < end && *s == '{' && isdigit((unsigned char)s[1])) {
                    s = ck_ftd_uint(s + 1, end, 0, &u);
                    if (s + 1 < end && *s == ':' && isdigit((unsigned char)s[1])) {
                        s = ck_ftd_uint(s + 1, end, 0, &u2);
                        if (s < end && *s == '}') {
                            s++;
                            if (rec && !ELEM(absolute_seq)) {
                                u += rec->init_seq[!rev];
                                u2 += rec->init_seq[!rev];
                            }
                            if (n <= 40 - 8) {
                                ck_ftd_put32(opt + n, u), ck_ftd_put32(opt + n + 4, u2);
                                n += 8;
                            }
                        }
                    }
                }
                while (s < end && *s == ' ')
                    s++;
            }
            if (s < end && *s == ',')
                s++;
            else if (s < end && *s != '>') { /* not the option it looked like */
                n = n1;
                while (s < end && *s != ',' && *s != '>')
                    s++;
            }
        }
        if (s < end && *s == '>')
            s++;
        while (n % 4)
            opt[n++] = 0;
        *len += (uint32_t)n;
        tcp[12] = (unsigned char)(((20 + n) >> 2) << 4);
    }
    return s;
}

/* Click's read_udp_line. */
static const char *ELEM(udp_line)(const char *s, const char *end, int *data_len)
{
    const char *s2;
    if (s + 9 <= end && !memcmp(s + 1, "[bad hdr", 8) && (s2 = ck_ftd_find(s + 9, end, ']')) + 1 < end
        && s2[1] == ' ')
        s = s2 + 1;
    if (s + 14 <= end && !memcmp(s + 1, "[udp sum ok] ", 13))
        s += 14;
    else if (s + 9 <= end && !memcmp(s + 1, "[bad udp", 8)
             && (s2 = ck_ftd_find(s + 9, end, ']')) + 1 < end && s2[1] == ' ')
        s = s2 + 2;
    if (s + 4 < end && !memcmp(s, "udp ", 4) && isdigit((unsigned char)s[4])) {
        uint32_t dl;
        s = ck_ftd_uint(s + 4, end, 0, &dl);
        *data_len = (int)dl;
    }
    return s;
}

/* The next line into ELEM(line); its length, -1 at the end. */
static long ELEM(next_line)(void)
{
    if (ELEM(pending) >= 0) {
        long n = ELEM(pending);
        ELEM(pending) = -1;
        return n;
    }
    if (!ELEM(f))
        return -1;
    ssize_t n = getline(&ELEM(line), &ELEM(linecap), ELEM(f));
    if (n < 0) {
        ELEM(close)();
        return -1;
    }
    ELEM(lineno)++;
    ELEM(filepos) += (uint64_t)n;
    while (n > 0 && (ELEM(line)[n - 1] == '\n' || ELEM(line)[n - 1] == '\r'))
        n--;
    return (long)n;
}

/* Click's read_packet: the next packet, NULL at the end of the file (ELEM(f) closed then). */
static ck_packet *ELEM(read_packet)(void)
{
    for (;;) {
        long n = ELEM(next_line)();
        if (n < 0)
            return NULL;
        const char *s = ELEM(line), *end = s + n;
        if (s >= end || s[0] == '#')
            continue;
        unsigned char b[CK_FTD_BUF];
        memset(b, 0, 80);
        uint32_t len = 40;
        int64_t ts = 0;
        unsigned char *ip = b;
        ip[CKIP_VHL] = 0x45;
        ip[CKIP_TTL] = 2;
        const char *s2, *colon;
        int data_len = -1;
        if (!isdigit((unsigned char)s[0]))
            goto bad;
        /* the timestamp: seconds[.fraction] */
        s2 = ck_ftd_find(s, end, ' ');
        {
            uint32_t sec, frac = 0;
            const char *e = ck_ftd_uint(s, s2, 10, &sec);
            int64_t ns = 0, scale = 100000000;
            if (e < s2 && *e == '.')
                for (e++; e < s2 && isdigit((unsigned char)*e); e++, scale /= 10)
                    ns += (*e - '0') * scale;
            if (e != s2)
                goto bad;
            (void)frac;
            ts = (int64_t)sec * 1000000000 + ns;
        }
        s = s2 + 1;
        colon = ck_ftd_find(s, end, ':');
        for (colon++; colon < end && *colon == ' '; colon++)
            ;
        if (colon < end) {
            if (*colon == 'i')
                ip[CKIP_P] = 1;
            else if (*colon == 'u' || (*colon == '[' && colon + 1 < end && colon[1] == 'u'))
                ip[CKIP_P] = 17;
            else if (*colon == '.' || (*colon >= 'A' && *colon <= 'Z'))
                ip[CKIP_P] = 6;
        }
        {
            int ports = ip[CKIP_P] == 6 || ip[CKIP_P] == 17;
            for (int side = 0; side < 2; side++) {
                s2 = side ? ck_ftd_find(s, end, ':') : ck_ftd_find(s, end, ' ');
                if (!side && (s2 == s || s2 + 2 >= end || s2[1] != '>' || s2[2] != ' '))
                    goto bad;
                uint32_t a;
                const char *addr_end = s2;
                if (ports) {
                    const char *sm = s2 - 1;
                    while (sm > s && *sm != '.' && *sm != ':')
                        sm--;
                    uint16_t port;
                    if (!ck_ftd_port(sm + 1, s2, ip[CKIP_P], &port))
                        goto bad;
                    ck_put16(b + 20 + 2 * side, port);
                    addr_end = sm;
                }
                if (!ck_ftd_ip(s, addr_end, &a))
                    goto bad;
                memcpy(ip + (side ? CKIP_DST : CKIP_SRC), &a, 4);
                s = s2 + 3;
            }
        }
        if (ip[CKIP_P] == 6)
            s = ELEM(tcp_line)(b, &len, colon, end, &data_len);
        else if (ip[CKIP_P] == 17) {
            s = ELEM(udp_line)(colon, end, &data_len);
            len = 28;
        } else {
            len = 20;
            s = colon;
        }
        /* the trailing (...) and [...] groups, last first */
        s2 = end - 1;
        while (s2 > s) {
            while (s2 > s && isspace((unsigned char)*s2))
                s2--;
            if (s2 <= s || (*s2 != ')' && *s2 != ']'))
                break;
            char opener = *s2 == ')' ? '(' : '[';
            const char *open = s2 - 1;
            while (open >= s && *open != opener)
                open--;
            const char *close = s2;
            s2 = open - 1;
            uint32_t u;
            if (open < s || open >= close)
                continue;
            const char *item = open + 1;
            while (item < close) {
                if (close - item >= 7 && !memcmp(item, "tos 0x", 6)) {
                    item = ck_ftd_uint(item + 6, close, 16, &u);
                    ip[CKIP_TOS] = (unsigned char)u;
                } else if (close - item >= 6 && !memcmp(item, "ECT(", 4)
                           && (item[4] == '0' || item[4] == '1') && item[5] == ')') {
                    ip[CKIP_TOS] = (unsigned char)((ip[CKIP_TOS] & ~3) | (item[4] == '0' ? 1 : 2));
                    item += 6;
                } else if (close - item >= 2 && item[0] == 'C' && item[1] == 'E') {
                    ip[CKIP_TOS] |= 3;
                    item += 2;
                } else if (close - item >= 2 && item[0] == 'D' && item[1] == 'F') {
                    ip[CKIP_OFF] |= 0x40;
                    item += 2;
                } else if (close - item >= 10 && !memcmp(item, "frag ", 5)
                           && isdigit((unsigned char)item[5])) {
                    item = ck_ftd_uint(item + 5, close, 0, &u);
                    ck_put16(ip + CKIP_ID, (uint16_t)u);
                    if (item > close - 2 || *item != ':' || !isdigit((unsigned char)item[1]))
                        break;
                    item = ck_ftd_uint(item + 1, close, 0, &u);
                    data_len = (int)u;
                    if (item > close - 2 || *item != '@' || !isdigit((unsigned char)item[1]))
                        break;
                    item = ck_ftd_uint(item + 1, close, 0, &u);
                    uint16_t off = (uint16_t)((ck_get16(ip + CKIP_OFF) & 0xE000) | (uint16_t)u);
                    if (item < close && *item == '+')
                        off |= 0x2000, item++;
                    ck_put16(ip + CKIP_OFF, off);
                } else if (close - item >= 5 && !memcmp(item, "ttl ", 4)
                           && isdigit((unsigned char)item[4])) {
                    item = ck_ftd_uint(item + 4, close, 0, &u);
                    ip[CKIP_TTL] = (unsigned char)u;
                } else if (close - item >= 4 && !memcmp(item, "id ", 3)
                           && isdigit((unsigned char)item[3])) {
                    item = ck_ftd_uint(item + 3, close, 0, &u);
                    ck_put16(ip + CKIP_ID, (uint16_t)u);
                } else if (close - item >= 5 && !memcmp(item, "len ", 4)
                           && isdigit((unsigned char)item[4])) {
                    item = ck_ftd_uint(item + 4, close, 0, &u);
                    if (data_len < 0 || u == len + (uint32_t)data_len)
                        data_len = (int)(u - len);
                    else if (ip[CKIP_P] == 6 && u - (uint32_t)data_len >= 40
                             && u - (uint32_t)data_len <= 80) {
                        /* the difference is TCP options (Click: the header grows to it) */
                        uint32_t nl = u - (uint32_t)data_len;
                        if (nl > len)
                            memset(b + len, 0, nl - len);
                        len = nl;
                        b[32] = (unsigned char)(((len - 20) >> 2) << 4);
                    }
                } else
                    break;
                while (item < close && (*item == ',' || isspace((unsigned char)*item)))
                    item++;
            }
        }
        if (data_len < 0)
            data_len = 0;
        ck_put16(ip + CKIP_LEN, (uint16_t)(len + (uint32_t)data_len));
        int frag = (ck_get16(ip + CKIP_OFF) & 0x3FFF) != 0;
        if (ip[CKIP_P] == 17 && !(ck_get16(ip + CKIP_OFF) & 0x1FFF))
            ck_put16(b + 24, (uint16_t)(ck_get16(ip + CKIP_LEN) - 20));
        if (CONF(CHECKSUM)) {
            ck_ip_set_cksum(ip, 20);
            if (!frag && (ip[CKIP_P] == 6 || ip[CKIP_P] == 17))
                ck_transport_set_cksum(ip, b + 20, len - 20, ip[CKIP_P] == 6 ? 16 : 6);
        }
        ck_packet *q = ck_packet_alloc(len);
        if (!q)
            return NULL;
        memcpy(q->data, b, len);
        q->ts_ns = ts;
        ck_set_network_header(q, q->data, 20);
        ck_set_anno_u32(q, EXTRA_LENGTH_ANNO_OFFSET, (uint32_t)data_len);
        return q;
    bad:
        if (!ELEM(complained)) {
            const char *t = ELEM(line);
            while (t < end && (*t == ' ' || *t == '\t'))
                t++;
            if (t != end) {
                ck_chatter("%s:%ld: packet parse error", ELEM(fname), ELEM(lineno));
                ELEM(complained) = 1;
            }
        }
    }
}

/* The next packet to send (sampled), counted; NULL at the end or while inactive. */
static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active) || ELEM(ended))
        return NULL;
    for (;;) {
        ck_packet *p = ELEM(read_packet)();
        if (!p && !ELEM(f)) {
            ELEM(ended) = 1;
            ELEM(update_live)();
            if (CONF(STOP))
                ck_router_stop();
            return NULL;
        }
        if (ck_fromfile_sampled(ELEM(sampling_prob)))
            return ck_source_took(p, NULL);
        if (p)
            ck_packet_kill(p);
    }
}
#include "standard/cksource_task.h"

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(sampling_prob) = ck_fromfile_sample(CONF_GIVEN(SAMPLE), (uint32_t)CONF(SAMPLE), errh);
    ELEM(fname) = CONF(FILENAME);
    if (ck_fromfile_open_or_error(ELEM(fname), &ELEM(f), &ELEM(piped), errh) < 0)
        return -1;
    ELEM(compressed) = ELEM(piped);
    /* Click peeks at the first line */
    long n = ELEM(next_line)();
    if (n >= 0)
        ELEM(pending) = n;
    if (n <= 0 || !isdigit((unsigned char)ELEM(line)[0]))
        ck_warning_at(errh, ELEM(fname),
                      "first line suspicious; is this a tcpdump output file?");
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ELEM(close)();
    free(ELEM(line));
    ELEM(line) = NULL;
    free(ELEM(flows));
    ELEM(flows) = NULL;
    ELEM(nflows) = ELEM(flowcap) = 0;
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

#define CK_FF_ACTIVE_MSG "syntax error"
#define CK_FF_FILENAME ELEM(fname)
#define CK_FF_COMPRESSED ELEM(compressed)
#include "standard/ckfromfile_handlers.h"
