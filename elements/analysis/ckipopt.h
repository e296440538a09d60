/* IP options in IPSummaryDump text (Click's elements/analysis/ipsumdump_ip.cc, the ip_opt
 * field).  Written as options separated by ';': routes "rr{A,B}", "lsrr{A,^B}", "ssrr{A,B^}"
 * ('^' before the address the pointer names, or last when it points past the end; a record
 * route lists the recorded addresses and "+N" for N empty slots), timestamps
 * "ts{T,...}", "ts.ip{A=T,...}", "ts.preip{A=T,^A,...}" or "ts.FLAG{...}" ('!' for a value
 * with the top bit set, "+N" empty slots, "++N" the overflow count), "KIND=B:B..." for other
 * options; padding (nop, eol) is not shown; "." when there is none, "?" when the bytes do not
 * parse.  Read back: routes, "nop", "eol" and numbered options, separated by ',' or ';'
 * (timestamps are not read: such a field is ignored). */
#ifndef CLICKC_CKIPOPT_H
#define CLICKC_CKIPOPT_H

#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "analysis/cktcpopt.h"

#define CK_IPOPT_MAX 40

static CK_UNUSED void ck_ipopt_addr(ck_buf *sa, const char *sep, const unsigned char *o)
{
    ck_buf_printf(sa, "%s%u.%u.%u.%u", sep, o[0], o[1], o[2], o[3]);
}

/* ip_opt text of opt[0..len) into sa (Click's unparse_ip_opt without padding). */
static CK_UNUSED void ck_ipopt_unparse(ck_buf *sa, const unsigned char *opt, size_t len)
{
    size_t start = sa->len;
    const unsigned char *end = opt + len;
    const char *sep = "";
    while (opt < end) {
        unsigned kind = opt[0];
        if (kind == 0)
            break; /* EOL */
        if (kind == 1) {
            opt++;
            continue;
        }
        if (opt + 1 >= end || opt + opt[1] > end)
            goto bad;
        const unsigned char *ol = opt + opt[1];
        if (kind == 7 || kind == 131 || kind == 137) { /* RR, LSRR, SSRR */
            if (opt[1] < 3 || opt[2] < 4)
                goto bad;
            const unsigned char *o = opt + 3, *op = opt + opt[2] - 1;
            ck_buf_printf(sa, "%s%s{", sep, kind == 7 ? "rr" : kind == 131 ? "lsrr" : "ssrr");
            const char *s2 = "";
            for (; o + 4 <= ol; o += 4) {
                if (o == op) {
                    if (kind == 7)
                        break;
                    s2 = "^";
                }
                ck_ipopt_addr(sa, s2, o);
                s2 = ",";
            }
            if (o == ol && o == op && kind != 7)
                ck_buf_puts(sa, "^");
            ck_buf_puts(sa, "}");
            if (o + 4 <= ol && o == op && kind == 7)
                ck_buf_printf(sa, "+%ld", (long)(ol - o) / 4);
        } else if (kind == 68) { /* timestamp */
            if (opt[1] < 4 || opt[2] < 5)
                goto bad;
            const unsigned char *o = opt + 4, *op = opt + opt[2] - 1;
            int flag = opt[3] & 0xF;
            int size = flag >= 1 && flag <= 3 ? 8 : 4;
            ck_buf_printf(sa, "%sts", sep);
            if (flag == 1)
                ck_buf_puts(sa, ".ip");
            else if (flag == 3)
                ck_buf_puts(sa, ".preip");
            else if (flag != 0)
                ck_buf_printf(sa, ".%d", flag);
            ck_buf_puts(sa, "{");
            const char *s2 = "";
            for (; o + size <= ol; o += 4) {
                if (o == op) {
                    if (flag != 3)
                        break;
                    s2 = "^";
                }
                if (flag != 0) {
                    ck_ipopt_addr(sa, s2, o);
                    ck_buf_puts(sa, "=");
                    o += 4;
                } else
                    ck_buf_puts(sa, s2);
                if (flag == 3 && o > op) {
                    sa->len--; /* a prespecified address not yet stamped: no "=" */
                    sa->s[sa->len] = '\0';
                } else {
                    uint32_t v = (uint32_t)o[0] << 24 | (uint32_t)o[1] << 16
                                 | (uint32_t)o[2] << 8 | o[3];
                    ck_buf_printf(sa, "%s%u", v & 0x80000000u ? "!" : "",
                                  (unsigned)(v & 0x7FFFFFFFu));
                }
                s2 = ",";
            }
            if (o == ol && o == op)
                ck_buf_puts(sa, "^");
            ck_buf_puts(sa, "}");
            if (o + size <= ol && o == op)
                ck_buf_printf(sa, "+%ld", (long)(ol - o) / size);
            if (opt[3] & 0xF0)
                ck_buf_printf(sa, "++%u", (unsigned)(opt[3] >> 4));
        } else {
            if (opt[1] < 2)
                goto bad;
            ck_opt_unparse_numbered(sa, sep, opt);
        }
        sep = ";";
        opt = ol;
    }
    ck_opt_unparse_end(sa, start, 0);
    return;
bad:
    ck_opt_unparse_end(sa, start, 1);
}

/* Parse ip_opt text s[0..n) into out (room for 320 bytes); *olen gets the length.  Returns 1
 * when valid ("." or nothing: no options), 0 otherwise. */
static CK_UNUSED int ck_ipopt_parse(const char *s, size_t n, unsigned char *out, size_t *olen)
{
    const char *end = s + n;
    size_t k = 0;
    uint64_t u;
    *olen = 0;
    if (n == 0 || (n == 1 && s[0] == '.'))
        return 1;
    if (n == 1 && s[0] == '-')
        return 0;
    for (;;) {
        if (k > 255)
            return 0;
        int kind = -1;
        if (end - s > 3 && memcmp(s, "rr{", 3) == 0)
            kind = 7, s += 3;
        else if (end - s > 5 && memcmp(s, "ssrr{", 5) == 0)
            kind = 137, s += 5;
        else if (end - s > 5 && memcmp(s, "lsrr{", 5) == 0)
            kind = 131, s += 5;
        if (kind >= 0) {
            size_t at = k;
            int pointer = -1;
            out[k++] = (unsigned char)kind, out[k++] = 0, out[k++] = 0;
            for (;;) {
                if (s < end && *s == '^' && pointer < 0)
                    pointer = (int)(k - at + 1), s++;
                if (s >= end || !isdigit((unsigned char)*s))
                    break;
                for (int i = 0; i < 4; i++) {
                    const char *t = ck_tcpopt_num(s, end, &u);
                    if (t == s || u > 255 || k >= 300)
                        return 0;
                    s = t;
                    if (i < 3) {
                        if (s >= end || *s != '.')
                            return 0;
                        s++;
                    }
                    out[k++] = (unsigned char)u;
                }
                if (s < end && *s == ',')
                    s++;
            }
            if (s >= end || *s != '}')
                return 0;
            out[at + 2] = (unsigned char)(pointer >= 0 ? pointer : (int)(k - at + 1));
            if (end - s > 2 && s[1] == '+' && isdigit((unsigned char)s[2])) {
                s = ck_tcpopt_num(s + 2, end, &u);
                if (u < 64) {
                    if (k + u * 4 > 300)
                        return 0;
                    memset(out + k, 0, (size_t)u * 4);
                    k += (size_t)u * 4;
                }
            } else
                s++;
            if (k - at > 255)
                return 0;
            out[at + 1] = (unsigned char)(k - at);
        } else if (!ck_opt_parse_other(&s, end, out, &k, 300))
            return 0;
        if (s >= end)
            return ck_opt_parse_end(out, k, CK_IPOPT_MAX, olen);
        if (*s != ',' && *s != ';')
            return 0;
        s++;
    }
}

#endif
