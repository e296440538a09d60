/* TimestampDiff(RECORDER [, OFFSET, N, MAXDELAY, NANO, SAMPLE, VERBOSE, TC_OFFSET, TC_MASK]):
 * FastClick's elements/analysis/timestampdiff.cc.  For each packet, reads its number at OFFSET
 * (NumberPacket's 8 bytes, in the byte order of RECORDER), takes the time RECORDER (a
 * RecordTimestamp) recorded for that number (analysis/cktimestamps.h, which marks the slot
 * read) and keeps the delay since then, in microseconds (nanoseconds with NANO), truncated to
 * 32 bits, with the traffic-class byte at TC_OFFSET masked by TC_MASK (0 without TC_OFFSET or
 * past the data).  A packet with no recorded time (never recorded, read before, out of range:
 * RecordTimestamp's messages) leaves on output 1, or is dropped ("no recorded timestamp")
 * without it; every other packet leaves on output 0.  A delay above MAXDELAY milliseconds is
 * not kept (VERBOSE reports it, FastClick's message); with SAMPLE, only numbers divisible by it
 * are measured.  N delays are reserved; FastClick writes past them, clickc grows the array.
 *
 * The read handlers are FastClick's, with its formats (a real number as %.12g) and its
 * parameter: "[BEGIN]" (perc: "P [BEGIN]", avg_tc: "TC [BEGIN]") takes the delays from the
 * BEGIN-th (C's atoi, as FastClick); a BEGIN past the last delay gives an empty value.  stddev
 * is FastClick's value, the root mean square of all delays (its mean argument is never set).
 * A percentile is the delay at rank P * (count - BEGIN) / 100 + BEGIN of the sorted delays
 * from BEGIN (FastClick's std::nth_element; clickc sorts a copy, so `dump` keeps the order of
 * arrival where FastClick's shows the partly sorted array).
 *
 * Concurrency: one thread (the spec names no policy). */
#include <errno.h>
#include <math.h>
#include "analysis/cktimestamps.h"
#include "standard/ckoutput.h"

typedef struct ELEM(rec) {
    uint32_t delay;
    unsigned char tc;
} ELEM(rec);

static ELEM(rec) *ELEM(delays);
static uint64_t ELEM(nd), ELEM(cap);
static ck_rects CK_RECTS_OF(CONF(RECORDER));
#define ELEM_RECTS CK_RECTS_OF(CONF(RECORDER))

static int ELEM(init)(ck_errh *errh)
{
    ELEM(cap) = CONF(N) ? (uint64_t)CONF(N) : 0;
    if (ELEM(cap) && !(ELEM(delays) = calloc((size_t)ELEM(cap), sizeof *ELEM(delays))))
        return ck_error(errh, "out of memory");
    return 0;
}

static void ELEM(cleanup)(void)
{
    free(ELEM(delays));
    ELEM(delays) = NULL;
    ELEM(nd) = ELEM(cap) = 0;
}

static void ELEM(keep)(uint32_t delay, unsigned char tc)
{
    if (ELEM(nd) >= ELEM(cap)) {
        uint64_t cap = ELEM(cap) ? ELEM(cap) * 2 : 1024;
        ELEM(rec) *d = realloc(ELEM(delays), (size_t)cap * sizeof *d);
        if (!d)
            return;
        ELEM(delays) = d;
        ELEM(cap) = cap;
    }
    ELEM(delays)[ELEM(nd)].delay = delay;
    ELEM(delays)[ELEM(nd)].tc = tc;
    ELEM(nd)++;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int64_t now = ck_monotonic_ns();
    uint64_t i = ck_packet_number(p, (uint32_t)CONF(OFFSET), ELEM_RECTS.net_order);
    if (CONF(SAMPLE) != 1 && (uint32_t)i % (uint32_t)CONF(SAMPLE) != 0) {
        OUTPUT(0, p);
        return;
    }
    int64_t old = ck_rects_get(&ELEM_RECTS, i);
    if (old == CK_RECTS_UNSET) {
        CK_OUTPUT1_OR_DROP(p, "no recorded timestamp");
        return;
    }
    int64_t diff = now - old;
    uint32_t delay = (uint32_t)(CONF(NANO) ? diff : diff / 1000);
    int64_t unit = CONF(NANO) ? 1000000 : 1000;
    uint32_t limit = (uint32_t)(int64_t)((int64_t)CONF(MAXDELAY) * unit);
    if (delay > limit) {
        if (CONF(VERBOSE))
            ck_chatter("Packet %llu experienced delay %u ms > %u ms", (unsigned long long)i,
                       (unsigned)(delay / (uint32_t)unit), (unsigned)CONF(MAXDELAY));
    } else {
        unsigned char tc = 0;
        if (CONF(TC_OFFSET) >= 0 && (uint32_t)CONF(TC_OFFSET) < p->len)
            tc = p->data[CONF(TC_OFFSET)] & (unsigned char)CONF(TC_MASK);
        ELEM(keep)(delay, tc);
    }
    OUTPUT(0, p);
}

/* ---- statistics (FastClick's min_mean_max, standard_deviation, percentile) ---- */

static void ELEM(min_mean_max)(uint32_t *min, double *mean, uint32_t *max, uint64_t begin,
                               int tc)
{
    double sum = 0.0;
    uint64_t n = 0;
    *min = UINT32_MAX;
    *max = 0;
    for (uint64_t i = begin; i < ELEM(nd); i++) {
        if (tc > -1 && ELEM(delays)[i].tc != tc)
            continue;
        uint32_t d = ELEM(delays)[i].delay;
        sum += (double)d;
        if (d < *min)
            *min = d;
        if (d > *max)
            *max = d;
        n++;
    }
    if (*min == UINT32_MAX)
        *min = 0;
    *mean = ELEM(nd) == 0 ? 0.0 : sum / (double)n; /* n 0 (no such TC): NaN, as FastClick */
}

static double ELEM(stddev)(void)
{
    double var = 0.0;
    for (uint64_t i = 0; i < ELEM(nd); i++)
        var += pow((double)ELEM(delays)[i].delay, 2);
    return var == 0 ? 0.0 : sqrt(var / (double)ELEM(nd));
}

static int ELEM(cmp)(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static double ELEM(percentile)(double percent, uint64_t begin)
{
    uint64_t len = ELEM(nd);
    if (len == 0 || begin >= len)
        return 0;
    double at = percent * (double)(len - begin) / 100 + (double)begin;
    uint32_t min, max;
    double mean;
    ELEM(min_mean_max)(&min, &mean, &max, begin, -1);
    if (!(at >= (double)begin + 1)) /* also NaN and negative ranks */
        return (double)min;
    if (at >= (double)len)
        return (double)max;
    uint64_t idx = (uint64_t)at, n = len - begin;
    uint32_t *v = malloc((size_t)n * sizeof *v);
    if (!v)
        return 0;
    for (uint64_t k = 0; k < n; k++)
        v[k] = ELEM(delays)[begin + k].delay;
    qsort(v, (size_t)n, sizeof *v, ELEM(cmp));
    double r = (double)v[idx - begin];
    free(v);
    return r;
}

/* ---- handlers ---- */

enum { ELEM(P_PLAIN), ELEM(P_PERC), ELEM(P_TC) };

/* FastClick's parameter: on entry `out` holds it.  kind P_PERC reads a leading real number
 * into *perc, P_TC a leading integer into *tc (each up to the first space; "<error>" and
 * -EINVAL when it does not parse), then BEGIN is atoi of the rest.  Returns 0 with `out`
 * cleared, 1 when BEGIN is past the last delay (the value is empty), or -EINVAL. */
static int ELEM(param)(ck_buf *out, int kind, double *perc, int *tc, uint64_t *begin)
{
    *begin = 0;
    if (!out->len) {
        ck_buf_clear(out);
        return 0;
    }
    const char *s = ck_buf_str(out);
    char *copy = ck_strdup(s);
    const char *rest = copy;
    if (kind != ELEM(P_PLAIN)) {
        char *sp = strchr(copy, ' ');
        if (sp)
            *sp = '\0';
        char *end = NULL;
        int ok = copy[0] != '\0';
        if (kind == ELEM(P_PERC)) {
            *perc = ok ? strtod(copy, &end) : 0;
        } else {
            long v = ok ? strtol(copy, &end, 0) : 0;
            ok = ok && v >= INT32_MIN && v <= INT32_MAX;
            *tc = (int)v;
        }
        ok = ok && end && *end == '\0';
        if (!ok) {
            free(copy);
            ck_buf_clear(out);
            ck_buf_puts(out, "<error>");
            return -EINVAL;
        }
        rest = sp ? s + (sp - copy) : "";
    }
    long long b = atoll(rest);
    free(copy);
    ck_buf_clear(out);
    /* FastClick's atoi into an unsigned: a negative BEGIN is past the last delay */
    *begin = b < 0 ? UINT64_MAX : (uint64_t)b;
    return *begin >= ELEM(nd) ? 1 : 0;
}

/* The statistics handlers: FastClick's TimestampDiff::handler for `which`. */
enum { ELEM(S_AVG), ELEM(S_AVG_TC), ELEM(S_MIN), ELEM(S_MAX), ELEM(S_STD), ELEM(S_PERC) };

static int ELEM(stat)(ck_buf *out, int which, double fixed_perc)
{
    double perc = fixed_perc, mean = 0;
    int tc = -1;
    uint64_t begin;
    uint32_t min = 0, max = 0;
    int kind = which == ELEM(S_AVG_TC) ? ELEM(P_TC)
             : which == ELEM(S_PERC) && fixed_perc < 0 ? ELEM(P_PERC) : ELEM(P_PLAIN);
    if (kind == ELEM(P_PERC))
        perc = 0;
    int r = ELEM(param)(out, kind, &perc, &tc, &begin);
    if (r)
        return r < 0 ? r : 0;
    switch (which) {
    case ELEM(S_AVG):
    case ELEM(S_AVG_TC):
        ELEM(min_mean_max)(&min, &mean, &max, begin, tc);
        ck_buf_printf(out, "%.12g", mean);
        break;
    case ELEM(S_MIN):
        ELEM(min_mean_max)(&min, &mean, &max, begin, -1);
        ck_buf_printf(out, "%u", (unsigned)min);
        break;
    case ELEM(S_MAX):
        ELEM(min_mean_max)(&min, &mean, &max, begin, -1);
        ck_buf_printf(out, "%u", (unsigned)max);
        break;
    case ELEM(S_STD):
        ck_buf_printf(out, "%.12g", ELEM(stddev)());
        break;
    default:
        ck_buf_printf(out, "%.12g", ELEM(percentile)(perc, begin));
        break;
    }
    return 0;
}

static CK_UNUSED int ELEM(read_average)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_AVG), 0); }
static CK_UNUSED int ELEM(read_avg)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_AVG), 0); }
static CK_UNUSED int ELEM(read_avg_tc)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_AVG_TC), 0); }
static CK_UNUSED int ELEM(read_min)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_MIN), 0); }
static CK_UNUSED int ELEM(read_max)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_MAX), 0); }
static CK_UNUSED int ELEM(read_stddev)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_STD), 0); }
static CK_UNUSED int ELEM(read_perc00)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_MIN), 0); }
static CK_UNUSED int ELEM(read_perc01)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 1); }
static CK_UNUSED int ELEM(read_perc05)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 5); }
static CK_UNUSED int ELEM(read_perc10)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 10); }
static CK_UNUSED int ELEM(read_perc25)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 25); }
static CK_UNUSED int ELEM(read_median)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 50); }
static CK_UNUSED int ELEM(read_perc75)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 75); }
static CK_UNUSED int ELEM(read_perc90)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 90); }
static CK_UNUSED int ELEM(read_perc95)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 95); }
static CK_UNUSED int ELEM(read_perc99)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), 99); }
static CK_UNUSED int ELEM(read_perc100)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_MAX), 0); }
static CK_UNUSED int ELEM(read_perc)(ck_buf *out) { return ELEM(stat)(out, ELEM(S_PERC), -1); }

static CK_UNUSED int ELEM(read_index)(ck_buf *out)
{
    ck_buf_printf(out, "%d", (int)(int32_t)(uint32_t)(ELEM(nd) - 1));
    return 0;
}

static CK_UNUSED int ELEM(read_last)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ELEM(nd) ? (unsigned)ELEM(delays)[ELEM(nd) - 1].delay : 0u);
    return 0;
}

static CK_UNUSED int ELEM(read_dump)(ck_buf *out)
{
    for (uint64_t i = 0; i < ELEM(nd); i++)
        ck_buf_printf(out, "%llu: %u\n", (unsigned long long)i, (unsigned)ELEM(delays)[i].delay);
    return 0;
}

static CK_UNUSED int ELEM(read_dump_list)(ck_buf *out)
{
    for (uint64_t i = 0; i < ELEM(nd); i++)
        ck_buf_printf(out, "%u\n", (unsigned)ELEM(delays)[i].delay);
    return 0;
}
#undef ELEM_RECTS
