/* Counter: counts packets and bytes and keeps Click's rate averages (Click's
 * elements/standard/counter.cc: RateEWMAX with stability 4 and scale 10 for packets, scale 4
 * for bytes). COUNT_CALL "N HANDLER [VALUE]" and BYTE_COUNT_CALL call a write handler once
 * when the count reaches N.
 *
 * Concurrency (docs/concurrency.md): an instance executed by one thread (ELEMENT_NTHREADS 1)
 * keeps one set of counters, the single-threaded code.  Executed by several threads, each
 * thread updates its own cache-line-aligned slot (indexed by ck_thread_id, written by that
 * thread with relaxed atomic loads and stores, its rates with ck_rate_update_shared) and the
 * read handlers sum the slots (rates through ck_rate_snapshot); `reset` stores zeros and fresh
 * EWMAs with relaxed atomics (a packet counted on another thread at that moment may survive
 * the reset, as in Click); a trigger compares the sum and fires once (an atomic exchange). */
#include "ckstat.h"
#include "ckargs.h"

#if ELEMENT_NTHREADS > 1 || defined(CK_HOT)
typedef struct {
    _Alignas(64) uint64_t count;
    uint64_t byte_count;
    ck_rate_ewma rate;
    ck_rate_ewma byte_rate;
} ELEM(slot_t);
#endif
#if ELEMENT_NTHREADS > 1
static ELEM(slot_t) ELEM(slots)[CK_MAX_THREADS];
#else
static uint64_t ELEM(count);
static uint64_t ELEM(byte_count);
static ck_rate_ewma ELEM(rate);
static ck_rate_ewma ELEM(byte_rate);
#endif
static uint64_t ELEM(count_trigger) = UINT64_MAX;
static uint64_t ELEM(byte_trigger) = UINT64_MAX;
static char *ELEM(count_call);
static char *ELEM(byte_count_call);
static int ELEM(count_triggered), ELEM(byte_triggered);

/* Totals over the threads (or the one set of counters). */
static CK_UNUSED uint64_t ELEM(total_count)(void)
{
#if ELEMENT_NTHREADS > 1
    uint64_t n = 0;
    for (int i = 0; i < CK_MAX_THREADS; i++)
        n += __atomic_load_n(&ELEM(slots)[i].count, __ATOMIC_RELAXED);
    return n;
#else
    return ELEM(count);
#endif
}

static CK_UNUSED uint64_t ELEM(total_byte_count)(void)
{
#if ELEMENT_NTHREADS > 1
    uint64_t n = 0;
    for (int i = 0; i < CK_MAX_THREADS; i++)
        n += __atomic_load_n(&ELEM(slots)[i].byte_count, __ATOMIC_RELAXED);
    return n;
#else
    return ELEM(byte_count);
#endif
}

/* The packet (byte_rate 0) or byte (1) rate: one EWMA, or the sum of the threads' EWMAs
 * (each brought up to date on a copy, so the reader never writes another thread's slot). */
static CK_UNUSED ck_rate_ewma ELEM(total_rate)(int bytes)
{
#if ELEMENT_NTHREADS > 1
    ck_rate_ewma sum;
    ck_rate_init(&sum, 4, bytes ? 4 : 10);
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        ck_rate_ewma r = ck_rate_snapshot(bytes ? &ELEM(slots)[i].byte_rate : &ELEM(slots)[i].rate);
        ck_rate_update(&r, 0);
        sum.avg += r.avg;
    }
    return sum;
#else
    ck_rate_ewma *r = bytes ? &ELEM(byte_rate) : &ELEM(rate);
    ck_rate_update(r, 0); /* drop the rate after an idle period */
    return *r;
#endif
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): counts and rates from a Counter
 * executed by another number of threads (a swap that changed -j or the placement); between
 * Counters of the same kind the copies moved them already.  A one-thread Counter's go to
 * slot 0; the slots of a several-thread one are added up, as the read handlers add them. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    const ELEM(slot_t) *os = ck_hot_var_ptr(old, "slots", sizeof(ELEM(slot_t)) * CK_MAX_THREADS);
    const uint64_t *oc = ck_hot_var_ptr(old, "count", sizeof(uint64_t));
    const uint64_t *ob = ck_hot_var_ptr(old, "byte_count", sizeof(uint64_t));
    const ck_rate_ewma *orate = ck_hot_var_ptr(old, "rate", sizeof(ck_rate_ewma));
    const ck_rate_ewma *obrate = ck_hot_var_ptr(old, "byte_rate", sizeof(ck_rate_ewma));
#if ELEMENT_NTHREADS > 1
    if (os || !oc || !ob)
        return 0;
    ELEM(slots)[0].count = *oc;
    ELEM(slots)[0].byte_count = *ob;
    if (orate && obrate) {
        ELEM(slots)[0].rate = *orate;
        ELEM(slots)[0].byte_rate = *obrate;
    }
#else
    (void)orate;
    (void)obrate;
    if (oc || ob || !os)
        return 0;
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        ELEM(count) += os[i].count;
        ELEM(byte_count) += os[i].byte_count;
        ck_rate_ewma r = os[i].rate, b = os[i].byte_rate;
        ck_rate_update(&r, 0);
        ck_rate_update(&b, 0);
        ELEM(rate).avg += r.avg;
        ELEM(byte_rate).avg += b.avg;
    }
#endif
    return 0;
}
#endif

static CK_UNUSED void ELEM(reset_counts)(void)
{
#if ELEMENT_NTHREADS > 1
    for (int i = 0; i < CK_MAX_THREADS; i++) {
        __atomic_store_n(&ELEM(slots)[i].count, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&ELEM(slots)[i].byte_count, 0, __ATOMIC_RELAXED);
        ck_rate_init_shared(&ELEM(slots)[i].rate, 4, 10);
        ck_rate_init_shared(&ELEM(slots)[i].byte_rate, 4, 4);
    }
#else
    ELEM(count) = ELEM(byte_count) = 0;
    ck_rate_init(&ELEM(rate), 4, 10);
    ck_rate_init(&ELEM(byte_rate), 4, 4);
#endif
}

/* Parse "N HANDLER [VALUE]" as Click's Counter does: the first space-separated word is the
 * count, read by IntArg (else `bad`: "COUNT_CALL type mismatch" in the configuration,
 * "'count_call' first word should be unsigned (count)" from the write handler), and is kept
 * even when the rest fails; the rest is a write HandlerCall, checked as
 * HandlerCall::initialize_write does ("syntax error" when empty, "no element named 'X'", "no
 * 'X.H' write handler"), replacing the old call only when it is valid.  Returns 0, or -1 after
 * reporting. */
static CK_UNUSED int ELEM(parse_call)(const char *text, uint64_t *trigger, char **call,
                                      ck_errh *errh, const char *bad)
{
    while (*text == ' ' || *text == '\t' || *text == '\n')
        text++;
    size_t n = strcspn(text, " \t\n");
    char word[64];
    uint64_t v;
    if (n >= sizeof word)
        return ck_error(errh, "%s", bad);
    memcpy(word, text, n);
    word[n] = '\0';
    if (ck_intarg_unsigned(word, UINT64_MAX, &v) != CK_INTARG_OK)
        return ck_error(errh, "%s", bad);
    *trigger = v;
    text += n;
    while (*text == ' ' || *text == '\t' || *text == '\n')
        text++;
    if (ck_check_write_text(text, errh) < 0)
        return -1;
    free(*call);
    *call = ck_strdup(text);
    return 0;
}

static CK_UNUSED void ELEM(fire)(const char *call)
{
    ck_errh errh;
    ck_errh_init(&errh, ELEMENT_LANDMARK, NULL);
    (void)ck_call_write_text(call, &errh);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(reset_counts)();
#if CONF_GIVEN(COUNT_CALL)
    if (ELEM(parse_call)(CONF(COUNT_CALL), &ELEM(count_trigger), &ELEM(count_call), errh,
                         "COUNT_CALL type mismatch") < 0)
        return -1;
#endif
#if CONF_GIVEN(BYTE_COUNT_CALL)
    if (ELEM(parse_call)(CONF(BYTE_COUNT_CALL), &ELEM(byte_trigger), &ELEM(byte_count_call),
                         errh, "BYTE_COUNT_CALL type mismatch") < 0)
        return -1;
#endif
    (void)errh;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(count_call));
    free(ELEM(byte_count_call));
    ELEM(count_call) = ELEM(byte_count_call) = NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
#if ELEMENT_NTHREADS > 1
    ELEM(slot_t) *s = &CK_SLOT_LOCAL(ELEM(slots));
    __atomic_store_n(&s->count, __atomic_load_n(&s->count, __ATOMIC_RELAXED) + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->byte_count, __atomic_load_n(&s->byte_count, __ATOMIC_RELAXED) + p->len,
                     __ATOMIC_RELAXED);
    ck_rate_update_shared(&s->rate, 1);
    ck_rate_update_shared(&s->byte_rate, p->len);
    if (CK_UNLIKELY(ELEM(count_trigger) != UINT64_MAX) && ELEM(total_count)() == ELEM(count_trigger)
        && CK_ONCE(ELEM(count_triggered))) {
        if (ELEM(count_call))
            ELEM(fire)(ELEM(count_call));
    }
    if (CK_UNLIKELY(ELEM(byte_trigger) != UINT64_MAX) && ELEM(total_byte_count)() >= ELEM(byte_trigger)
        && CK_ONCE(ELEM(byte_triggered))) {
        if (ELEM(byte_count_call))
            ELEM(fire)(ELEM(byte_count_call));
    }
#else
    ELEM(count)++;
    ELEM(byte_count) += p->len;
    ck_rate_update(&ELEM(rate), 1);
    ck_rate_update(&ELEM(byte_rate), p->len);
    if (CK_UNLIKELY(ELEM(count) == ELEM(count_trigger)) && !ELEM(count_triggered)) {
        ELEM(count_triggered) = 1;
        if (ELEM(count_call))
            ELEM(fire)(ELEM(count_call));
    }
    if (CK_UNLIKELY(ELEM(byte_count) >= ELEM(byte_trigger)) && !ELEM(byte_triggered)) {
        ELEM(byte_triggered) = 1;
        if (ELEM(byte_count_call))
            ELEM(fire)(ELEM(byte_count_call));
    }
#endif
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(count, (unsigned long long)ELEM(total_count)());
CK_DATA_READ(byte_count, (unsigned long long)ELEM(total_byte_count)());

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    ck_rate_ewma r = ELEM(total_rate)(0);
    ck_rate_unparse(out, &r);
    return 0;
}

static CK_UNUSED int ELEM(read_byte_rate)(ck_buf *out)
{
    ck_rate_ewma r = ELEM(total_rate)(1);
    ck_rate_unparse(out, &r);
    return 0;
}

static CK_UNUSED int ELEM(read_bit_rate)(ck_buf *out)
{
    ck_rate_ewma r = ELEM(total_rate)(1);
    /* Click: scale >= 3 ? avg * HZ with scale - 3 : avg * HZ * 8 with scale */
    if (r.scale >= 3)
        ck_unparse_real2_signed(out, r.avg * CK_HZ, (int)r.scale - 3);
    else
        ck_unparse_real2_signed(out, r.avg * CK_HZ * 8, (int)r.scale);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(reset_counts)();
    CK_STAT_STORE(ELEM(count_triggered), 0);
    CK_STAT_STORE(ELEM(byte_triggered), 0);
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    return ELEM(write_reset)(value, errh);
}

static CK_UNUSED int ELEM(read_count_call)(ck_buf *out)
{
    if (ELEM(count_call))
        ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count_trigger));
    return 0;
}

static CK_UNUSED int ELEM(write_count_call)(const char *value, ck_errh *errh)
{
    if (ELEM(parse_call)(value, &ELEM(count_trigger), &ELEM(count_call), errh,
                         "'count_call' first word should be unsigned (count)") < 0)
        return -1;
    CK_STAT_STORE(ELEM(count_triggered), 0);
    return 0;
}

static CK_UNUSED int ELEM(write_byte_count_call)(const char *value, ck_errh *errh)
{
    if (ELEM(parse_call)(value, &ELEM(byte_trigger), &ELEM(byte_count_call), errh,
                         "'byte_count_call' first word should be unsigned (count)") < 0)
        return -1;
    CK_STAT_STORE(ELEM(byte_triggered), 0);
    return 0;
}
