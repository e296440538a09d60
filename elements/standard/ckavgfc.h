/* FastClick's AverageCounter variants (AverageCounterMP, AverageCounterIMP), shared by their C
 * files (docs/more-elements.md, "AverageCounterMP and AverageCounterIMP").  The including file
 * defines CK_AVGFC_CLASS (the class name, a string literal) and, for the per-thread variant,
 * CK_AVGFC_PER_THREAD before including this header.
 *
 * Semantics (FastClick's elements/standard/averagecounter.hh and .cc, batch build): times are
 * FastClick's user-level jiffies, milliseconds kept in 64 bits.  Each packet reads the time j;
 * the first packet sets `first` (for the per-thread variant: this thread's first); with
 * d = j - first, a packet with IGNORE * 1000 <= d < MAX * 1000 is counted and sets `last`, one
 * with d < MAX * 1000 only sets `last`, later ones change nothing (MAX 0: no limit).  With
 * THRESHOLD, once a thread's packets span more than a second and the packet rate since `first`
 * exceeds THRESHOLD, the counts restart (once) with a line "NAME :: CLASS : starting compute
 * (rate R pps)".  Handlers: count, byte_count, bit_count (bytes * 8), link_count ((bytes + count
 * * (20 + 4 if LINK_FCS)) * 8); rate, byte_rate, bit_rate, link_rate are those counts * 1000 /
 * d, time is d / 1000, where d = last - first - IGNORE * 1000 in unsigned 64-bit arithmetic
 * (at least 1), printed with "%.12g"; reset and reset_now clear the counts and times (as in
 * FastClick, reset_now does not set the first time).  The per-thread variant's first is the
 * smallest non-zero first of the threads (UINT64_MAX when none) and its last the largest.
 *
 * Concurrency (docs/concurrency.md): AverageCounterMP keeps one set of 64-bit values updated
 * by relaxed atomic operations (CK_STAT_*), its first time set once by a compare-and-swap;
 * AverageCounterIMP keeps one cache-line slot per thread, written by its thread with relaxed
 * atomic stores and read by the handlers with relaxed atomic loads.  With ELEMENT_NTHREADS 1
 * both are plain single-threaded code. */
#include "standard/ckstat.h"

#ifndef CLICKC_CKAVGFC_SLOT
#define CLICKC_CKAVGFC_SLOT
/* One set of counts and times (one thread's, for the per-thread variant): a cache line. */
typedef struct ck_avgfc_slot {
    _Alignas(64) uint64_t count;
    uint64_t byte_count;
    uint64_t first;
    uint64_t last;
} ck_avgfc_slot;
#endif

#ifdef CK_AVGFC_PER_THREAD
static ck_avgfc_slot ELEM(slots)[CK_PT_SLOTS];
#define CK_AVGFC_MINE (&ELEM(slots)[ELEMENT_NTHREADS > 1 ? ck_thread_id : 0])
#else
static ck_avgfc_slot ELEM(slots)[1];
#define CK_AVGFC_MINE (&ELEM(slots)[0])
#endif
#define CK_AVGFC_NSLOTS ((int)(sizeof ELEM(slots) / sizeof ELEM(slots)[0]))
#define CK_AVGFC_LOAD(x) CK_STAT_LOAD(x)
#define CK_AVGFC_STORE(x, v) CK_STAT_STORE(x, v)

static uint64_t ELEM(ignore);    /* IGNORE in jiffies */
static uint64_t ELEM(max);       /* MAX in jiffies, UINT64_MAX for none */
static uint32_t ELEM(threshold); /* THRESHOLD in packets per second, 0 once it was crossed */

static inline uint64_t ELEM(jiffies)(void)
{
    return (uint64_t)ck_now_ns() / 1000000U;
}

static void ELEM(reset)(void)
{
    for (int i = 0; i < CK_AVGFC_NSLOTS; i++) {
        ck_avgfc_slot *s = &ELEM(slots)[i];
        CK_AVGFC_STORE(s->count, 0);
        CK_AVGFC_STORE(s->byte_count, 0);
        CK_AVGFC_STORE(s->first, 0);
        CK_AVGFC_STORE(s->last, 0);
    }
}

static uint64_t ELEM(count)(void)
{
    uint64_t t = 0;
    for (int i = 0; i < CK_AVGFC_NSLOTS; i++)
        t += CK_AVGFC_LOAD(ELEM(slots)[i].count);
    return t;
}

static uint64_t ELEM(byte_count)(void)
{
    uint64_t t = 0;
    for (int i = 0; i < CK_AVGFC_NSLOTS; i++)
        t += CK_AVGFC_LOAD(ELEM(slots)[i].byte_count);
    return t;
}

static uint64_t ELEM(first)(void)
{
#ifdef CK_AVGFC_PER_THREAD
    uint64_t m = UINT64_MAX;
    for (int i = 0; i < CK_AVGFC_NSLOTS; i++) {
        uint64_t f = CK_AVGFC_LOAD(ELEM(slots)[i].first);
        if (f != 0 && f < m)
            m = f;
    }
    return m;
#else
    return CK_AVGFC_LOAD(ELEM(slots)[0].first);
#endif
}

static uint64_t ELEM(last)(void)
{
#ifdef CK_AVGFC_PER_THREAD
    uint64_t m = 0;
    for (int i = 0; i < CK_AVGFC_NSLOTS; i++) {
        uint64_t l = CK_AVGFC_LOAD(ELEM(slots)[i].last);
        if (l > m)
            m = l;
    }
    return m;
#else
    return CK_AVGFC_LOAD(ELEM(slots)[0].last);
#endif
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(ignore) = (uint64_t)((double)CONF(IGNORE) * 1000);
    ELEM(max) = CONF(MAX) > 0 ? (uint64_t)CONF(MAX) * 1000U : UINT64_MAX;
    ELEM(threshold) = (uint32_t)CONF(THRESHOLD);
    ELEM(reset)();
    return 0;
}

/* This thread's first time, set by its first packet (by one compare-and-swap when threads
 * share the one slot). */
static inline uint64_t ELEM(my_first)(ck_avgfc_slot *s, uint64_t j)
{
#ifdef CK_AVGFC_PER_THREAD
    uint64_t f = CK_AVGFC_LOAD(s->first);
    if (f == 0) {
        CK_AVGFC_STORE(s->first, j);
        f = j;
    }
    return f;
#else
    if (ELEMENT_NTHREADS > 1) {
        uint64_t zero = 0;
        if (__atomic_compare_exchange_n(&s->first, &zero, j, 0, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED))
            return j;
        return zero;
    }
    if (s->first == 0)
        s->first = j;
    return s->first;
#endif
}

static inline void ELEM(add)(ck_avgfc_slot *s, uint64_t n, uint64_t bytes)
{
#ifdef CK_AVGFC_PER_THREAD
    CK_AVGFC_STORE(s->count, CK_AVGFC_LOAD(s->count) + n);
    CK_AVGFC_STORE(s->byte_count, CK_AVGFC_LOAD(s->byte_count) + bytes);
#else
    CK_STAT_ADD(s->count, n);
    CK_STAT_ADD(s->byte_count, bytes);
#endif
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint64_t j = ELEM(jiffies)();
    ck_avgfc_slot *s = CK_AVGFC_MINE;
    uint64_t first = ELEM(my_first)(s, j);
    uint64_t d = j - first;
    if (d >= ELEM(ignore) && d < ELEM(max)) {
        ELEM(add)(s, 1, p->len);
        CK_AVGFC_STORE(s->last, j);
        uint32_t threshold = CK_STAT_LOAD(ELEM(threshold));
        if (threshold > 0 && j - first > 1000) {
            uint64_t span = j - ELEM(first)();
            uint64_t rate = ELEM(count)() * 1000U / (span ? span : 1);
            if (rate > threshold) {
                ck_chatter("%s :: %s : starting compute (rate %llu pps)", ELEMENT_NAME,
                           CK_AVGFC_CLASS, (unsigned long long)rate);
                CK_STAT_STORE(ELEM(threshold), 0);
                ELEM(reset)();
            }
        }
    } else if (d < ELEM(max)) {
        CK_AVGFC_STORE(s->last, j);
    }
    return p;
}
#include "simple_action.h"

/* The count a handler reports: 0 packets, 1 bytes, 2 bits, 3 bits on the link. */
static CK_UNUSED uint64_t ELEM(value)(int which)
{
    switch (which) {
    case 3:
        return (ELEM(byte_count)() + ELEM(count)() * (CONF(LINK_FCS) ? 24U : 20U)) << 3;
    case 2:
        return ELEM(byte_count)() * 8U;
    case 1:
        return ELEM(byte_count)();
    default:
        return ELEM(count)();
    }
}

/* The time the rates cover, in jiffies: last - first - IGNORE, at least 1. */
static CK_UNUSED uint64_t ELEM(span)(void)
{
    uint64_t d = ELEM(last)() - ELEM(first)();
    d -= ELEM(ignore);
    return d < 1 ? 1 : d;
}

static CK_UNUSED void ELEM(print_count)(ck_buf *out, int which)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(value)(which));
}

static CK_UNUSED void ELEM(print_rate)(ck_buf *out, int which)
{
    uint64_t d = ELEM(span)();
    if (which == 4)
        ck_buf_printf(out, "%.12g", (double)d / 1000);
    else
        ck_buf_printf(out, "%.12g", ((double)ELEM(value)(which) * 1000) / (double)d);
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(count, ELEM(print_count), 0);
CK_DATA_READ_WITH(byte_count, ELEM(print_count), 1);
CK_DATA_READ_WITH(bit_count, ELEM(print_count), 2);
CK_DATA_READ_WITH(link_count, ELEM(print_count), 3);
CK_DATA_READ_WITH(rate, ELEM(print_rate), 0);
CK_DATA_READ_WITH(byte_rate, ELEM(print_rate), 1);
CK_DATA_READ_WITH(bit_rate, ELEM(print_rate), 2);
CK_DATA_READ_WITH(link_rate, ELEM(print_rate), 3);
CK_DATA_READ_WITH(time, ELEM(print_rate), 4);

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ELEM(reset)();
    return 0;
}

static CK_UNUSED int ELEM(write_reset_now)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ELEM(reset)();
    return 0;
}

#undef CK_AVGFC_MINE
#undef CK_AVGFC_NSLOTS
#undef CK_AVGFC_LOAD
#undef CK_AVGFC_STORE
#undef CK_AVGFC_CLASS
#undef CK_AVGFC_PER_THREAD
