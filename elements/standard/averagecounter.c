/* AverageCounter([IGNORE]): counts packets and bytes and reports their average rates since
 * the first packet (Click's elements/standard/averagecounter.cc).  Times are Click's user-level
 * jiffies: milliseconds of the wall clock, kept in 32 bits.  Packets in the first IGNORE
 * seconds after the first one are not counted.  `rate` and `byte_rate` are count * 1000 /
 * (last - first - IGNORE * 1000) milliseconds (at least 1), printed with "%.12g" as Click's
 * String(double); counts are Click's 32-bit counters.  `reset` clears everything.
 *
 * Concurrency (docs/concurrency.md): the counts are per-thread slots (CK_PT_*) summed by the
 * handlers; the first time is set once by an atomic compare-and-swap and the last time by a
 * relaxed store, as Click's atomic_uint32_t fields. */
#include "standard/ckstat.h"

CK_PT_DECL(ELEM(count));
CK_PT_DECL(ELEM(byte_count));
static uint32_t ELEM(first);
static uint32_t ELEM(last);
static uint32_t ELEM(ignore); /* IGNORE in jiffies (Click's _ignore *= CLICK_HZ) */

static inline uint32_t ELEM(jiffies)(void)
{
    return (uint32_t)(uint64_t)(ck_now_ns() / 1000000);
}

static void ELEM(reset)(void)
{
    CK_PT_RESET(ELEM(count));
    CK_PT_RESET(ELEM(byte_count));
    CK_STAT_STORE(ELEM(first), 0);
    CK_STAT_STORE(ELEM(last), 0);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(ignore) = (uint32_t)CONF(IGNORE) * 1000U;
    ELEM(reset)();
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t j = ELEM(jiffies)();
    uint32_t first;
    if (ELEMENT_NTHREADS > 1) {
        uint32_t zero = 0;
        if (!__atomic_compare_exchange_n(&ELEM(first), &zero, j, 0, __ATOMIC_RELAXED,
                                         __ATOMIC_RELAXED))
            first = zero;
        else
            first = j;
    } else {
        if (ELEM(first) == 0)
            ELEM(first) = j;
        first = ELEM(first);
    }
    if (j - first >= ELEM(ignore)) {
        CK_PT_ADD(ELEM(count), 1);
        CK_PT_ADD(ELEM(byte_count), p->len);
    }
    CK_STAT_STORE(ELEM(last), j);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(count, (unsigned)(uint32_t)CK_PT_SUM(ELEM(count)));
CK_DATA_READ(byte_count, (unsigned)(uint32_t)CK_PT_SUM(ELEM(byte_count)));

static void ELEM(rate)(ck_buf *out, uint32_t count)
{
    uint32_t d = CK_STAT_LOAD(ELEM(last)) - CK_STAT_LOAD(ELEM(first));
    d -= ELEM(ignore);
    if (d < 1)
        d = 1;
    ck_buf_printf(out, "%.12g", ((double)count * 1000) / d);
}

CK_DATA_READ_WITH(rate, ELEM(rate), (uint32_t)CK_PT_SUM(ELEM(count)));
CK_DATA_READ_WITH(byte_rate, ELEM(rate), (uint32_t)CK_PT_SUM(ELEM(byte_count)));

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value;
    (void)errh;
    ELEM(ignore) = (uint32_t)CONF(IGNORE) * 1000U;
    ELEM(reset)();
    return 0;
}
