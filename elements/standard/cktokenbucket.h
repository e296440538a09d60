/* Token bucket and gap-rate limiters in the arithmetic of Click's TokenBucket
 * (include/click/tokenbucket.hh: TokenBucketX<TokenBucketJiffyParameters<unsigned> >) and
 * GapRate (include/click/gaprate.hh), for RatedUnqueue, BandwidthRatedUnqueue, RatedSplitter,
 * BandwidthRatedSplitter (token bucket) and Shaper, BandwidthShaper (gap rate).
 *
 * Token bucket: tokens are 32-bit fractions of the capacity (a full bucket holds 2^32 - 1);
 * one token is `token_scale` units; `tokens_per_tick` units arrive every jiffy (millisecond
 * of the runtime's monotonic clock, ck_jiffies()).  Refilling by elapsed jiffies, rounding
 * and the "at least one unit per tick" rule are Click's, so rates, bursts and the `rate`
 * handler's value agree with Click's.
 *
 * Gap rate: counts events in the current second of the wall clock (ck_now_ns()) against the
 * number the rate allows so far in that second, with Click's 12-bit fixed-point gap.
 */
#ifndef CK_TOKENBUCKET_H
#define CK_TOKENBUCKET_H

#include "clickc.h"
#include "ckargs.h"

#include <stdio.h>

#define CK_TB_MAX_TOKENS 0xFFFFFFFFu
/* Click's RatedUnqueue::tb_bandwidth_thresh: the bandwidth classes send while the bucket
 * holds at least this many bytes, so a packet may overdraw the bucket. */
#define CK_TB_BANDWIDTH_THRESH 131072u

typedef struct ck_tokenbucket {
    uint32_t token_scale;     /* units per token */
    uint32_t tokens_per_tick; /* units per jiffy; 0 = idle (rate 0) */
    uint32_t time_until_full; /* jiffies from empty to full */
    uint32_t tokens;          /* units now in the bucket */
    uint32_t time_point;      /* jiffy of the last refill */
} ck_tokenbucket;

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): a successor's bucket `tb` continues
 * the predecessor's variable `name` (its contents and last refill) when both have the same rate
 * and capacity; another rate or burst keeps `tb` as its initialization made it. */
static CK_UNUSED void ck_tb_hot_take(ck_tokenbucket *tb, const ck_hot_elem *old, const char *name)
{
    const ck_tokenbucket *o = ck_hot_var_ptr(old, name, sizeof *tb);
    if (o && o->token_scale == tb->token_scale && o->tokens_per_tick == tb->tokens_per_tick &&
        o->time_until_full == tb->time_until_full) {
        tb->tokens = o->tokens;
        tb->time_point = o->time_point;
    }
}
#endif

/* Click's TokenRateX::assign(rate, capacity): rate in tokens per second, capacity in tokens.
 * The bucket's contents are kept (a reconfiguration does not refill it). */
static CK_UNUSED void ck_tb_assign(ck_tokenbucket *tb, uint32_t rate, uint32_t capacity)
{
    if (capacity == 0) {
        rate = 0;
        capacity = CK_TB_MAX_TOKENS;
    }
    if (rate != 0) {
        uint32_t min_capacity = (rate - 1) / CK_HZ + 1;
        if (capacity < min_capacity)
            capacity = min_capacity;
    }
    tb->token_scale = CK_TB_MAX_TOKENS / capacity;
    uint64_t l = (uint64_t)rate * tb->token_scale / CK_HZ;
    if (rate != 0) {
        tb->tokens_per_tick = l != 0 ? (uint32_t)l : 1;
        tb->time_until_full = (CK_TB_MAX_TOKENS - 1) / tb->tokens_per_tick + 1;
    } else {
        tb->tokens_per_tick = 0;
        tb->time_until_full = 0xFFFFFFFFu;
    }
}

/* A bucket that starts full (Click's starts empty at jiffy 0, so its first refill fills it). */
static CK_UNUSED void ck_tb_init(ck_tokenbucket *tb, uint32_t rate, uint32_t capacity)
{
    ck_tb_assign(tb, rate, capacity);
    tb->tokens = CK_TB_MAX_TOKENS;
    tb->time_point = ck_jiffies();
}

/* Click's TokenRateX::rate(): the rate the bucket really runs at, tokens per second. */
static CK_UNUSED uint32_t ck_tb_rate(const ck_tokenbucket *tb)
{
    uint64_t l = ((uint64_t)tb->tokens_per_tick * CK_HZ + tb->tokens_per_tick / 2) / tb->token_scale;
    return l > CK_TB_MAX_TOKENS ? CK_TB_MAX_TOKENS : (uint32_t)l;
}

/* Click's TokenRateX::assign(bool): an unlimited rate (every refill fills the bucket) or an
 * idle one (refills add nothing). */
static CK_UNUSED void ck_tb_assign_unlimited(ck_tokenbucket *tb, int unlimited)
{
    tb->token_scale = 1;
    tb->tokens_per_tick = unlimited ? CK_TB_MAX_TOKENS : 0;
    tb->time_until_full = unlimited ? 0 : 0xFFFFFFFFu;
}

/* Click's TokenRateX::capacity(), in tokens. */
static CK_UNUSED uint32_t ck_tb_capacity_tokens(const ck_tokenbucket *tb)
{
    return CK_TB_MAX_TOKENS / tb->token_scale;
}

/* Refill as of jiffy `now` (Click's TokenCounterX::refill(rate, time)). */
static CK_UNUSED void ck_tb_refill_at(ck_tokenbucket *tb, uint32_t now)
{
    uint32_t diff = now - tb->time_point;
    if (diff >= tb->time_until_full)
        tb->tokens = CK_TB_MAX_TOKENS;
    else if (diff > 0) {
        uint64_t t = (uint64_t)tb->tokens + (uint64_t)diff * tb->tokens_per_tick;
        tb->tokens = t > CK_TB_MAX_TOKENS ? CK_TB_MAX_TOKENS : (uint32_t)t;
    }
    tb->time_point = now;
}

static CK_UNUSED void ck_tb_refill(ck_tokenbucket *tb)
{
    ck_tb_refill_at(tb, ck_jiffies());
}

/* t tokens in units (Click's TokenRateConverter: saturates at a full bucket). */
static CK_UNUSED uint32_t ck_tb_units(const ck_tokenbucket *tb, uint32_t t)
{
    uint64_t u = (uint64_t)t * tb->token_scale;
    return u > CK_TB_MAX_TOKENS ? CK_TB_MAX_TOKENS : (uint32_t)u;
}

static CK_UNUSED int ck_tb_contains(const ck_tokenbucket *tb, uint32_t t)
{
    return ck_tb_units(tb, t) <= tb->tokens;
}

static CK_UNUSED void ck_tb_remove(ck_tokenbucket *tb, uint32_t t)
{
    uint32_t u = ck_tb_units(tb, t);
    tb->tokens = u <= tb->tokens ? tb->tokens - u : 0;
}

static CK_UNUSED int ck_tb_remove_if(ck_tokenbucket *tb, uint32_t t)
{
    uint32_t u = ck_tb_units(tb, t);
    if (u > tb->tokens)
        return 0;
    tb->tokens -= u;
    return 1;
}

/* Jiffies until the bucket holds t tokens (0xFFFFFFFF: never). */
static CK_UNUSED uint32_t ck_tb_time_until_contains(const ck_tokenbucket *tb, uint32_t t)
{
    uint64_t u = (uint64_t)t * tb->token_scale;
    if (u > CK_TB_MAX_TOKENS)
        return 0xFFFFFFFFu;
    if (u <= tb->tokens || tb->time_until_full == 0)
        return 0;
    if (tb->tokens_per_tick == 0)
        return 0xFFFFFFFFu;
    return (uint32_t)((u - tb->tokens - 1) / tb->tokens_per_tick + 1);
}

/* Click's RatedUnqueue::configure_helper: the capacity in tokens from RATE and either
 * BURST_DURATION (milliseconds, default 20) or BURST_SIZE / BURST_BYTES; the bandwidth
 * classes add CK_TB_BANDWIDTH_THRESH. */
static CK_UNUSED uint32_t ck_tb_capacity(uint32_t rate, int dur_given, uint32_t dur_msec,
                                         int size_given, uint32_t size, int bandwidth)
{
    uint32_t tokens;
    if (size_given)
        tokens = size;
    else {
        uint64_t t = (uint64_t)rate * (dur_given ? dur_msec : 20) / 1000;
        tokens = t > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)t;
    }
    if (bandwidth) {
        uint32_t n = tokens + CK_TB_BANDWIDTH_THRESH;
        tokens = tokens < n ? n : 0xFFFFFFFFu;
    }
    return tokens ? tokens : 1;
}

/* Click's BandwidthArg::unparse (bytes per second -> "8kbps", "1.5Mbps", ...). */
static CK_UNUSED void ck_unparse_real10(ck_buf *out, uint32_t v, int frac_digits)
{
    uint32_t one = 1;
    for (int i = 0; i < frac_digits; i++)
        one *= 10;
    uint32_t ip = v / one, fp = v - ip * one;
    if (fp == 0) {
        ck_buf_printf(out, "%u", ip);
        return;
    }
    char frac[12];
    int n = frac_digits < 10 ? frac_digits : 10;
    frac[n] = '\0';
    for (int i = n - 1; i >= 0; i--, fp /= 10)
        frac[i] = (char)('0' + fp % 10);
    while (n > 0 && frac[n - 1] == '0')
        frac[--n] = '\0';
    ck_buf_printf(out, "%u.%s", ip, frac);
}

static CK_UNUSED void ck_unparse_bandwidth(ck_buf *out, uint32_t x)
{
    if (x >= 0x20000000u) {
        ck_unparse_real10(out, x, 6);
        ck_buf_puts(out, "MBps");
    } else if (x >= 125000000u) {
        ck_unparse_real10(out, x * 8, 9);
        ck_buf_puts(out, "Gbps");
    } else if (x >= 125000u) {
        ck_unparse_real10(out, x * 8, 6);
        ck_buf_puts(out, "Mbps");
    } else {
        ck_unparse_real10(out, x * 8, 3);
        ck_buf_puts(out, "kbps");
    }
}


/* A bandwidth in Click's BandwidthArg syntax ("8kbps", "1.5MBps", "1000" = bytes per second;
 * units baud, bps, b/s, Bps, B/s with prefixes k K M G) -> bytes per second, rounded to the
 * nearest.  Returns 0, or -1 on a syntax error or a value above 2^32 - 1. */
static CK_UNUSED int ck_parse_bandwidth(const char *s, uint64_t *out)
{
    char *end;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!((*s >= '0' && *s <= '9') || *s == '.'))
        return -1;
    double v = strtod(s, &end);
    if (end == s || v < 0)
        return -1;
    const char *u = end;
    double f = 1;
    if (*u == 'k' || *u == 'K')
        f = 1e3, u++;
    else if (*u == 'M')
        f = 1e6, u++;
    else if (*u == 'G')
        f = 1e9, u++;
    size_t n = strlen(u);
    while (n > 0 && (u[n - 1] == ' ' || u[n - 1] == '\t'))
        n--;
    if ((n == 4 && memcmp(u, "baud", 4) == 0) || (n == 3 && memcmp(u, "bps", 3) == 0)
        || (n == 3 && memcmp(u, "b/s", 3) == 0))
        f /= 8;
    else if (!((n == 3 && memcmp(u, "Bps", 3) == 0) || (n == 3 && memcmp(u, "B/s", 3) == 0)
               || (n == 0 && u == end)))
        return -1;
    double r = v * f + 0.5;
    if (r >= 4294967296.0)
        return -1;
    *out = (uint64_t)r;
    return 0;
}

/* ---- GapRate ---------------------------------------------------------------------------- */
#define CK_GAPRATE_UGAP_SHIFT 12
#define CK_GAPRATE_MAX_RATE (1000000u << CK_GAPRATE_UGAP_SHIFT)

typedef struct ck_gaprate {
    uint32_t ugap;      /* (1000000 << UGAP_SHIFT) / rate */
    int32_t sec_count;  /* events counted in the current second */
    int64_t tv_sec;     /* the current second; -1 after a reset */
    uint32_t rate;      /* events per second */
} ck_gaprate;

static CK_UNUSED void ck_gaprate_reset(ck_gaprate *g) { g->tv_sec = -1; }

static CK_UNUSED void ck_gaprate_set_rate(ck_gaprate *g, uint32_t r)
{
    if (r > CK_GAPRATE_MAX_RATE)
        r = CK_GAPRATE_MAX_RATE;
    if (g->rate != r || g->ugap == 0) {
        g->rate = r;
        g->ugap = r == 0 ? CK_GAPRATE_MAX_RATE + 1 : CK_GAPRATE_MAX_RATE / r;
        if (g->tv_sec >= 0 && r != 0) {
            uint32_t usec = (uint32_t)((ck_now_ns() / 1000) % 1000000);
            g->sec_count = (int32_t)((usec << CK_GAPRATE_UGAP_SHIFT) / g->ugap);
        }
    }
}

static CK_UNUSED void ck_gaprate_init(ck_gaprate *g, uint32_t r)
{
    g->rate = 0;
    g->ugap = 0;
    g->sec_count = 0;
    g->tv_sec = -1;
    ck_gaprate_set_rate(g, r);
}

/* Whether the events so far are behind the rate at wall-clock time now_ns (Click's
 * GapRate::need_update). */
static CK_UNUSED int ck_gaprate_need_update(ck_gaprate *g, int64_t now_ns)
{
    int64_t sec = now_ns / 1000000000;
    uint32_t usec = (uint32_t)((now_ns / 1000) % 1000000);
    uint32_t need = (usec << CK_GAPRATE_UGAP_SHIFT) / g->ugap;
    if (g->tv_sec < 0) {
        g->tv_sec = sec;
        g->sec_count = (int32_t)(need + ((usec << CK_GAPRATE_UGAP_SHIFT) - need * g->ugap > g->ugap / 2));
    } else if (sec > g->tv_sec) {
        g->tv_sec = sec;
        if (g->sec_count > 0)
            g->sec_count -= (int32_t)g->rate;
    }
    return (int32_t)need >= g->sec_count;
}

static CK_UNUSED void ck_gaprate_update_with(ck_gaprate *g, int32_t delta) { g->sec_count += delta; }

/* Monotonic time (ns) when need_update will next be true, or 0 when unknown (Click's
 * GapRate::expiry, converted from the wall clock to the monotonic clock). */
static CK_UNUSED int64_t ck_gaprate_expiry_mono(const ck_gaprate *g)
{
    if (g->tv_sec < 0 || g->rate == 0)
        return 0;
    int64_t sec = g->tv_sec;
    int64_t count = g->sec_count;
    if (count < 0)
        count = 0;
    if ((uint64_t)count >= g->rate) {
        sec += count / g->rate;
        count %= g->rate;
    }
    int64_t usec = (int64_t)(((uint64_t)count * g->ugap) >> CK_GAPRATE_UGAP_SHIFT);
    int64_t wall = sec * 1000000000 + usec * 1000;
    return ck_monotonic_ns() + (wall - ck_now_ns());
}

/* A RATE write handler's value: a bandwidth (bytes/s, "1Mbps") when `bandwidth`, else an
   unsigned 32-bit packet rate; Click's Args messages on error (runtime/ckargs.h). Returns 0, or -1 after reporting. */
static inline CK_UNUSED int ck_rate_value(const char *value, int bandwidth, uint32_t *out,
                                         ck_errh *errh)
{
    uint64_t r;
    if (bandwidth) {
        if (ck_parse_bandwidth(value, &r) < 0)
            return ck_arg_parse_error(errh, "RATE");
    } else if (ck_arg_unsigned(errh, "RATE", value, 0xFFFFFFFFu, &r) < 0)
        return -1;
    *out = (uint32_t)r;
    return 0;
}

#endif /* CK_TOKENBUCKET_H */
