/* TCP options in IPSummaryDump text (Click's elements/analysis/ipsumdump_tcp.cc, the tcp_opt
 * field): written as options separated by ';' -- "mss1460", "wscale10", "sackok",
 * "sack1-2" (one per block), "ts1:2", "nop", "eol", and "KIND" or "KIND=B:B:..." for others;
 * "." when there is none, "?" when the bytes do not parse -- and read back from the same words
 * separated by ',' or ';' (adjacent "sack" blocks are one option; a timestamp first gets two
 * NOPs before it; at most 40 bytes, leading NOPs dropped to fit). */
#ifndef CLICKC_CKTCPOPT_H
#define CLICKC_CKTCPOPT_H

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CK_TCPOPT_MAX 40

static inline uint32_t ck_tcpopt_get32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* Shared with ip_opt (analysis/ckipopt.h): an option of another kind as "KIND=B:B...". */
static CK_UNUSED void ck_opt_unparse_numbered(ck_buf *sa, const char *sep,
                                              const unsigned char *opt)
{
    ck_buf_printf(sa, "%s%u", sep, (unsigned)opt[0]);
    for (unsigned k = 2; k < opt[1]; k++)
        ck_buf_printf(sa, "%c%u", k == 2 ? '=' : ':', (unsigned)opt[k]);
}

/* Shared with ip_opt: the end of an option list's text, "." when nothing was written since
 * start, or "?" in place of it all when bad. */
static CK_UNUSED void ck_opt_unparse_end(ck_buf *sa, size_t start, int bad)
{
    if (bad) {
        sa->len = start;
        if (sa->s)
            sa->s[start] = '\0';
        ck_buf_puts(sa, "?");
    } else if (sa->len == start)
        ck_buf_puts(sa, ".");
}

/* tcp_opt text of opt[0..len) into sa (Click's unparse_tcp_opt with every option kind but
 * padding shown). */
static CK_UNUSED void ck_tcpopt_unparse(ck_buf *sa, const unsigned char *opt, size_t len)
{
    size_t start = sa->len;
    const unsigned char *end = opt + len;
    const char *sep = "";
    while (opt < end) {
        unsigned kind = opt[0];
        if (kind == 0)
            break;                   /* EOL ends the list */
        if (kind == 1) {             /* NOP: padding, not shown */
            opt++;
            continue;
        }
        if (opt + 1 >= end || opt[1] < 2 || opt + opt[1] > end)
            goto bad;
        unsigned olen = opt[1];
        if (kind == 2) {
            if (olen != 4)
                goto bad;
            ck_buf_printf(sa, "%smss%u", sep, (unsigned)(opt[2] << 8 | opt[3]));
        } else if (kind == 3) {
            if (olen != 3)
                goto bad;
            ck_buf_printf(sa, "%swscale%u", sep, (unsigned)opt[2]);
        } else if (kind == 4) {
            if (olen != 2)
                goto bad;
            ck_buf_printf(sa, "%ssackok", sep);
        } else if (kind == 5) {
            if (olen % 8 != 2)
                goto bad;
            for (unsigned k = 2; k < olen; k += 8) {
                ck_buf_printf(sa, "%ssack%u-%u", sep, (unsigned)ck_tcpopt_get32(opt + k),
                              (unsigned)ck_tcpopt_get32(opt + k + 4));
                sep = ";";
            }
        } else if (kind == 8) {
            if (olen != 10)
                goto bad;
            ck_buf_printf(sa, "%sts%u:%u", sep, (unsigned)ck_tcpopt_get32(opt + 2),
                          (unsigned)ck_tcpopt_get32(opt + 6));
        } else
            ck_opt_unparse_numbered(sa, sep, opt);
        sep = ";";
        opt += olen;
    }
    ck_opt_unparse_end(sa, start, 0);
    return;
bad:
    ck_opt_unparse_end(sa, start, 1);
}

/* Decimal digits at s (below end) into *v (saturating above 2^32-1); returns the position
 * after them (s when there is none). */
static CK_UNUSED const char *ck_tcpopt_num(const char *s, const char *end, uint64_t *v)
{
    uint64_t x = 0;
    while (s < end && isdigit((unsigned char)*s)) {
        x = x * 10 + (uint64_t)(*s - '0');
        if (x > 0xFFFFFFFFu)
            x = 0x100000000u;
        s++;
    }
    *v = x;
    return s;
}

/* Shared with ip_opt: "KIND" or "KIND=B:B..." at *sp into out at *k (below limit); 0 when bad. */
static CK_UNUSED int ck_opt_parse_numbered(const char **sp, const char *end, unsigned char *out,
                                           size_t *k, size_t limit)
{
    uint64_t u;
    const char *s = ck_tcpopt_num(*sp, end, &u);
    if (u > 255)
        return 0;
    out[(*k)++] = (unsigned char)u;
    if (end - s > 1 && *s == '=' && isdigit((unsigned char)s[1])) {
        size_t at = (*k)++;
        do {
            s = ck_tcpopt_num(s + 1, end, &u);
            if (u > 255 || *k >= limit)
                return 0;
            out[(*k)++] = (unsigned char)u;
        } while (end - s > 1 && *s == ':' && isdigit((unsigned char)s[1]));
        out[at] = (unsigned char)(*k - at + 1);
    }
    *sp = s;
    return 1;
}

/* Shared with ip_opt: "KIND[=B:B...]", "nop" or "eol" at *sp into out at *k; 0 when none of
 * them or bad. */
static CK_UNUSED int ck_opt_parse_other(const char **sp, const char *end, unsigned char *out,
                                        size_t *k, size_t limit)
{
    const char *s = *sp;
    if (s < end && isdigit((unsigned char)*s))
        return ck_opt_parse_numbered(sp, end, out, k, limit);
    if (end - s >= 3 && memcmp(s, "nop", 3) == 0)
        out[(*k)++] = 1;
    else if (end - s >= 3 && memcmp(s, "eol", 3) == 0 && (end - s == 3 || s[3] != ','))
        out[(*k)++] = 0;
    else
        return 0;
    *sp = s + 3;
    return 1;
}

/* Shared with ip_opt: the parsed list out[0..k) with leading NOPs dropped while longer than
 * max; *olen its length.  0 when still too long. */
static CK_UNUSED int ck_opt_parse_end(unsigned char *out, size_t k, size_t max, size_t *olen)
{
    size_t first = 0;
    while (k - first > max && out[first] == 1)
        first++;
    if (k - first > max)
        return 0;
    memmove(out, out + first, k - first);
    *olen = k - first;
    return 1;
}

static CK_UNUSED void ck_tcpopt_put32(unsigned char *p, uint64_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* Parse tcp_opt text s[0..n) into out (room for CK_TCPOPT_MAX bytes plus 64); *olen gets the
 * length.  Returns 1 when the text is valid ("." or nothing: no options), 0 otherwise ("-"
 * included). */
static CK_UNUSED int ck_tcpopt_parse(const char *s, size_t n, unsigned char *out, size_t *olen)
{
    const char *end = s + n, *t;
    size_t k = 0;
    uint64_t u1, u2;
    *olen = 0;
    if (n == 0 || (n == 1 && s[0] == '.'))
        return 1;
    if (n == 1 && s[0] == '-')
        return 0;
    for (;;) {
        if (k > CK_TCPOPT_MAX + 8)
            return 0;
        if (end - s > 3 && memcmp(s, "mss", 3) == 0) {
            t = ck_tcpopt_num(s + 3, end, &u1);
            if (t == s + 3 || u1 > 0xFFFF)
                return 0;
            out[k++] = 2, out[k++] = 4, out[k++] = (unsigned char)(u1 >> 8);
            out[k++] = (unsigned char)u1;
            s = t;
        } else if (end - s > 6 && memcmp(s, "wscale", 6) == 0) {
            t = ck_tcpopt_num(s + 6, end, &u1);
            if (t == s + 6 || u1 > 255)
                return 0;
            out[k++] = 3, out[k++] = 3, out[k++] = (unsigned char)u1;
            s = t;
        } else if (end - s >= 6 && memcmp(s, "sackok", 6) == 0) {
            out[k++] = 4, out[k++] = 2;
            s += 6;
        } else if (end - s > 4 && memcmp(s, "sack", 4) == 0) {
            size_t at = k;
            out[k++] = 5, out[k++] = 0;
            s += 4;
            for (;;) {
                const char *a = ck_tcpopt_num(s, end, &u1);
                if (a == s || a >= end || (*a != ':' && *a != '-'))
                    return 0;
                const char *b = ck_tcpopt_num(a + 1, end, &u2);
                if (b == a + 1 || u1 > 0xFFFFFFFFu || u2 > 0xFFFFFFFFu || k + 8 > CK_TCPOPT_MAX + 8)
                    return 0;
                ck_tcpopt_put32(out + k, u1);
                ck_tcpopt_put32(out + k + 4, u2);
                k += 8;
                s = b;
                if (end - s <= 5 || memcmp(s, ",sack", 5) != 0)
                    break;
                s += 5;
            }
            out[at + 1] = (unsigned char)(k - at);
        } else if (end - s > 2 && memcmp(s, "ts", 2) == 0) {
            const char *a = ck_tcpopt_num(s + 2, end, &u1);
            if (a == s + 2 || a >= end || *a != ':')
                return 0;
            const char *b = ck_tcpopt_num(a + 1, end, &u2);
            if (b == a + 1 || u1 > 0xFFFFFFFFu || u2 > 0xFFFFFFFFu)
                return 0;
            if (k == 0)
                out[k++] = 1, out[k++] = 1;
            out[k++] = 8, out[k++] = 10;
            ck_tcpopt_put32(out + k, u1);
            ck_tcpopt_put32(out + k + 4, u2);
            k += 8;
            s = b;
        } else if (!ck_opt_parse_other(&s, end, out, &k, CK_TCPOPT_MAX + 8))
            return 0;
        if (s >= end || isspace((unsigned char)*s))
            return ck_opt_parse_end(out, k, CK_TCPOPT_MAX, olen); /* improper padding */
        if (*s != ',' && *s != ';')
            return 0;
        s++;
    }
}

#endif
