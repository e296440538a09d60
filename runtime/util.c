/*
 * Text buffers, Click-style error handlers, and value parsing/unparsing shared by elements
 * and handlers (Click's StringAccum, ContextErrorHandler, BoolArg, IntArg, cp_time).
 */
#include "clickc.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int ck_warnings_enabled = 1;

/* ---- ck_buf ---- */

void ck_buf_init(ck_buf *b)
{
    b->s = NULL;
    b->len = b->cap = 0;
}

void ck_buf_free(ck_buf *b)
{
    free(b->s);
    ck_buf_init(b);
}

void ck_buf_clear(ck_buf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

static void reserve(ck_buf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t ncap = b->cap ? b->cap : 64;
    while (ncap < b->len + extra + 1)
        ncap *= 2;
    char *ns = realloc(b->s, ncap);
    if (!ns) {
        fputs("out of memory\n", stderr);
        abort();
    }
    b->s = ns;
    b->cap = ncap;
}

void ck_buf_append(ck_buf *b, const char *s, size_t n)
{
    reserve(b, n);
    if (n)
        memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

void ck_buf_puts(ck_buf *b, const char *s) { ck_buf_append(b, s, strlen(s)); }

void ck_buf_printf(ck_buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        ck_buf_append(b, small, (size_t)n);
        return;
    }
    reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

const char *ck_buf_str(ck_buf *b)
{
    if (!b->s)
        reserve(b, 0), b->s[0] = '\0';
    return b->s;
}

/* ---- errors ---- */

void ck_errh_init(ck_errh *errh, const char *landmark, const char *context)
{
    errh->landmark = landmark;
    errh->context = context;
    errh->context_printed = 0;
    errh->nerrors = 0;
    errh->nwarnings = 0;
    errh->parent = NULL;
}

void ck_errh_child(ck_errh *child, ck_errh *parent, const char *context)
{
    ck_errh_init(child, NULL, context);
    child->parent = parent;
}

/* Print the context lines of errh's ancestors and errh not printed yet; returns the nesting
 * depth (the number of context levels above a message). */
static int print_contexts(ck_errh *errh)
{
    if (!errh)
        return 0;
    int depth = print_contexts(errh->parent);
    if (!errh->context)
        return depth;
    if (!errh->context_printed) {
        const char *lm = depth == 0 ? errh->landmark : NULL;
        if (lm && *lm)
            fprintf(stderr, "%s: %s\n", lm, errh->context);
        else
            fprintf(stderr, "%*s%s\n", 2 * depth, "", errh->context);
        errh->context_printed = 1;
    }
    return depth + 1;
}

static void vreport(ck_errh *errh, const char *landmark, const char *kind, const char *fmt,
                    va_list ap)
{
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    int depth = 0;
    if (errh) {
        ck_errh *top = errh;
        while (top->parent)
            top = top->parent;
        depth = print_contexts(errh);
        if (depth && (landmark == errh->landmark || landmark == top->landmark))
            landmark = NULL; /* the context line carries it */
    }
    /* One line per message line, each prefixed, as Click's ErrorHandler does. */
    const char *s = msg;
    do {
        const char *nl = strchr(s, '\n');
        int n = nl ? (int)(nl - s) : (int)strlen(s);
        if (landmark && *landmark)
            fprintf(stderr, "%s: %*s%s%.*s\n", landmark, 2 * depth, "", kind, n, s);
        else
            fprintf(stderr, "%*s%s%.*s\n", 2 * depth, "", kind, n, s);
        s = nl ? nl + 1 : NULL;
    } while (s && *s);
}

static void count(ck_errh *errh, int error)
{
    for (; errh; errh = errh->parent) {
        if (error)
            errh->nerrors++;
        else
            errh->nwarnings++;
    }
}

int ck_error(ck_errh *errh, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(errh, errh ? errh->landmark : NULL, "", fmt, ap);
    va_end(ap);
    count(errh, 1);
    return -1;
}

int ck_error_at(ck_errh *errh, const char *landmark, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(errh, landmark, "", fmt, ap);
    va_end(ap);
    count(errh, 1);
    return -1;
}

int ck_warning(ck_errh *errh, const char *fmt, ...)
{
    count(errh, 0);
    if (!ck_warnings_enabled)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    vreport(errh, errh ? errh->landmark : NULL, "warning: ", fmt, ap);
    va_end(ap);
    return 0;
}

int ck_warning_at(ck_errh *errh, const char *landmark, const char *fmt, ...)
{
    count(errh, 0);
    if (!ck_warnings_enabled)
        return 0;
    va_list ap;
    va_start(ap, fmt);
    vreport(errh, landmark, "warning: ", fmt, ap);
    va_end(ap);
    return 0;
}

int ck_message(ck_errh *errh, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(errh, errh ? errh->landmark : NULL, "", fmt, ap);
    va_end(ap);
    return 0;
}

void ck_chatter(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- parsing (Click's cp_* rules, trimmed of surrounding space) ---- */

static const char *skip_space(const char *s)
{
    while (*s && isspace((unsigned char)*s))
        s++;
    return s;
}

static int rest_is_space(const char *s) { return *skip_space(s) == '\0'; }

int ck_parse_bool(const char *s, int *out)
{
    s = skip_space(s);
    static const char *const yes[] = {"true", "yes", "1", "t", "y"};
    static const char *const no[] = {"false", "no", "0", "f", "n"};
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        n--;
    for (int i = 0; i < 5; i++) {
        if (strlen(yes[i]) == n && strncmp(s, yes[i], n) == 0)
            return *out = 1, 0;
        if (strlen(no[i]) == n && strncmp(s, no[i], n) == 0)
            return *out = 0, 0;
    }
    return -1;
}

int ck_parse_int64(const char *s, int64_t *out)
{
    s = skip_space(s);
    if (!*s)
        return -1;
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (end == s || errno || !rest_is_space(end))
        return -1;
    *out = v;
    return 0;
}

int ck_intarg_unsigned(const char *s, uint64_t max, uint64_t *out)
{
    *out = 0; /* also on error: callers' variables are always initialized */
    while (isspace((unsigned char)*s))
        s++;
    const char *end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    const char *p = s;
    if (p != end && *p == '+')
        p++;
    int base = 10;
    if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
        base = 16, p += 2;
    else if (end - p > 2 && p[0] == '0' && (p[1] == 'b' || p[1] == 'B'))
        base = 2, p += 2;
    else if (p != end && *p == '0')
        base = 8;
    if (p == end)
        return CK_INTARG_INVAL;
    uint64_t v = 0;
    int range = 0, last_digit = 0;
    for (; p != end; p++) {
        int d;
        if (*p == '_' && last_digit) {
            last_digit = 0; /* one underscore between digits */
            continue;
        }
        if (*p >= '0' && *p <= '9')
            d = *p - '0';
        else if (*p >= 'a' && *p <= 'f')
            d = *p - 'a' + 10;
        else if (*p >= 'A' && *p <= 'F')
            d = *p - 'A' + 10;
        else
            return CK_INTARG_INVAL;
        if (d >= base)
            return CK_INTARG_INVAL;
        if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
            range = 1;
        else
            v = v * (uint64_t)base + (uint64_t)d;
        last_digit = 1;
    }
    if (!last_digit)
        return CK_INTARG_INVAL; /* a trailing '_' */
    if (range || v > max) {
        *out = max;
        return CK_INTARG_RANGE;
    }
    *out = v;
    return CK_INTARG_OK;
}

int ck_parse_uint64(const char *s, uint64_t *out)
{
    return ck_intarg_unsigned(s, UINT64_MAX, out) == CK_INTARG_OK ? 0 : -1;
}

int ck_parse_double(const char *s, double *out)
{
    s = skip_space(s);
    if (!*s)
        return -1;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || !rest_is_space(end) || isnan(v))
        return -1;
    *out = v;
    return 0;
}

int ck_parse_time_ns(const char *s, int64_t *out)
{
    s = skip_space(s);
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || errno || isnan(v) || v < 0)
        return -1;
    const char *u = skip_space(end);
    size_t n = strlen(u);
    while (n && isspace((unsigned char)u[n - 1]))
        n--;
    double scale = 1e9;
    static const struct { const char *unit; double scale; } units[] = {
        {"", 1e9},     {"s", 1e9},   {"sec", 1e9}, {"ms", 1e6},     {"msec", 1e6},
        {"us", 1e3},   {"usec", 1e3}, {"ns", 1},   {"nsec", 1},     {"m", 60e9},
        {"min", 60e9}, {"h", 3600e9}, {"hr", 3600e9}, {"d", 86400e9}, {"day", 86400e9},
    };
    size_t i;
    for (i = 0; i < sizeof units / sizeof units[0]; i++)
        if (strlen(units[i].unit) == n && strncmp(u, units[i].unit, n) == 0) {
            scale = units[i].scale;
            break;
        }
    if (i == sizeof units / sizeof units[0])
        return -1;
    double ns = v * scale;
    if (ns > 9.2e18)
        return -1;
    *out = (int64_t)llround(ns);
    return 0;
}

/* ---- unparsing ---- */

void ck_unparse_bool(ck_buf *out, int v) { ck_buf_puts(out, v ? "true" : "false"); }

void ck_unparse_timestamp(ck_buf *out, int64_t ns)
{
    /* Click's Timestamp::unparse with nanosecond timestamps (HAVE_NANOTIMESTAMP_ENABLED, as
     * the reference userlevel build): "SEC.NNNNNNNNN". */
    int neg = ns < 0;
    uint64_t a = neg ? (uint64_t)0 - (uint64_t)ns : (uint64_t)ns;
    /* lib/timestamp.cc operator<<: six digits when the value is a whole number of microseconds */
    if (a % 1000u == 0)
        ck_buf_printf(out, "%s%llu.%06llu", neg ? "-" : "", (unsigned long long)(a / 1000000000u),
                      (unsigned long long)(a % 1000000000u / 1000u));
    else
        ck_buf_printf(out, "%s%llu.%09llu", neg ? "-" : "", (unsigned long long)(a / 1000000000u),
                      (unsigned long long)(a % 1000000000u));
}

void ck_unparse_ether(ck_buf *out, const unsigned char *a)
{
    ck_buf_printf(out, "%02X-%02X-%02X-%02X-%02X-%02X", a[0], a[1], a[2], a[3], a[4], a[5]);
}

/* ---- fixed-point unparsing (lib/confparse.cc cp_unparse_real2, Knuth's print_scaled) ---- */

static void unparse_real2_frac(ck_buf *out, uint32_t real, int frac_bits)
{
    uint32_t one = (uint32_t)1 << frac_bits;
    real &= one - 1;
    if (!real)
        return;
    ck_buf_puts(out, ".");
    real = 10 * real + 5;
    unsigned allowable_inaccuracy = 10;
    unsigned inaccuracy_rounder = 5;
    while (inaccuracy_rounder < (one >> 1))
        inaccuracy_rounder *= 10;
    do {
        if (allowable_inaccuracy > one)
            real += (one >> 1) - inaccuracy_rounder;
        char c = (char)('0' + (real >> frac_bits));
        ck_buf_append(out, &c, 1);
        real = 10 * (real & (one - 1));
        allowable_inaccuracy *= 10;
    } while (real > allowable_inaccuracy);
}

void ck_unparse_real2(ck_buf *out, uint64_t value, int frac_bits)
{
    ck_buf_printf(out, "%llu", (unsigned long long)(value >> frac_bits));
    unparse_real2_frac(out, (uint32_t)(value & (((uint64_t)1 << frac_bits) - 1)), frac_bits);
}

void ck_unparse_real2_signed(ck_buf *out, int64_t value, int frac_bits)
{
    if (value < 0) {
        ck_buf_puts(out, "-");
        ck_unparse_real2(out, (uint64_t)0 - (uint64_t)value, frac_bits);
    } else
        ck_unparse_real2(out, (uint64_t)value, frac_bits);
}

/* ---- jiffies and rate EWMAs (include/click/ewma.hh) ---- */

_Thread_local uint32_t ck_jiffies_cached;
_Thread_local int ck_jiffies_live;

uint32_t ck_jiffies_read(void) { return (uint32_t)(ck_monotonic_ns() / 1000000); }

void ck_rate_init(ck_rate_ewma *r, unsigned stability, unsigned scale)
{
    r->epoch = ck_jiffies();
    r->stability = stability;
    r->scale = scale;
    r->current = 0;
    r->avg = 0;
}

static void ewma_update(ck_rate_ewma *r, uint64_t x)
{
    int64_t x_scaled = (int64_t)((x << r->scale) + ((uint64_t)1 << (r->stability - 1)));
    r->avg += (x_scaled - r->avg) >> r->stability;
}

void ck_rate_update_time(ck_rate_ewma *r, uint32_t now)
{
    uint32_t jj = r->epoch;
    if (now == jj)
        return;
    ewma_update(r, r->current);
    uint32_t n = now - jj - 1;
    if (n >= 100)
        r->avg = 0;
    else
        for (; n > 0; n--)
            ewma_update(r, 0);
    r->current = 0;
    r->epoch = now;
}

void ck_rate_unparse(ck_buf *out, const ck_rate_ewma *r)
{
    ck_unparse_real2_signed(out, r->avg * CK_HZ, (int)r->scale);
}

/* ---- annotation names (include/click/packet_anno.hh) ---- */

int ck_anno_offset(const char *name)
{
    static const struct { const char *name; int off; } annos[] = {
        {"DST_IP", DST_IP_ANNO_OFFSET},
        {"DST_IP6", DST_IP6_ANNO_OFFSET},
        {"PAINT", PAINT_ANNO_OFFSET},
        {"ICMP_PARAMPROB", ICMP_PARAMPROB_ANNO_OFFSET},
        {"FIX_IP_SRC", FIX_IP_SRC_ANNO_OFFSET},
        {"VLAN_TCI", VLAN_TCI_ANNO_OFFSET},
        {"AGGREGATE", AGGREGATE_ANNO_OFFSET},
        {"FWD_RATE", FWD_RATE_ANNO_OFFSET},
        {"MISC_IP", MISC_IP_ANNO_OFFSET},
        {"EXTRA_PACKETS", EXTRA_PACKETS_ANNO_OFFSET},
        {"REV_RATE", REV_RATE_ANNO_OFFSET},
        {"SEND_ERR", SEND_ERR_ANNO_OFFSET},
        {"GRID_ROUTE_CB", GRID_ROUTE_CB_ANNO_OFFSET},
        {"IPREASSEMBLER", IPREASSEMBLER_ANNO_OFFSET},
        {"EXTRA_LENGTH", EXTRA_LENGTH_ANNO_OFFSET},
        {"FIRST_TIMESTAMP", FIRST_TIMESTAMP_ANNO_OFFSET},
    };
    if (!name)
        return -1;
    for (size_t i = 0; i < sizeof annos / sizeof annos[0]; i++)
        if (strcmp(name, annos[i].name) == 0)
            return annos[i].off;
    int64_t v;
    if (ck_parse_int64(name, &v) == 0 && v >= 0 && v < CK_ANNO_SIZE)
        return (int)v;
    return -1;
}

char *ck_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (!d) {
        fputs("out of memory\n", stderr);
        abort();
    }
    memcpy(d, s, n);
    return d;
}

int ck_parse_ether(const char *s, unsigned char out[6])
{
    s = skip_space(s);
    unsigned char a[6];
    for (int i = 0; i < 6; i++) {
        int v = 0, nd = 0;
        while (isxdigit((unsigned char)*s) && nd < 2) {
            int c = tolower((unsigned char)*s);
            v = v * 16 + (c <= '9' ? c - '0' : c - 'a' + 10);
            s++, nd++;
        }
        if (nd == 0)
            return -1;
        a[i] = (unsigned char)v;
        if (i < 5) {
            if (*s != ':' && *s != '-')
                return -1;
            s++;
        }
    }
    if (!rest_is_space(s))
        return -1;
    memcpy(out, a, 6);
    return 0;
}
