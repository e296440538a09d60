/* The body of RED and AdaptiveRED (elements/aqm/red.c, adaptivered.c): Random Early Detection
 * (Floyd and Jacobson, "Random Early Detection Gateways for Congestion Avoidance", 1993) with
 * the arithmetic of Click's elements/aqm/red.cc:
 * - the average queue size is an EWMA of the summed length of the queues (scaled by 2^10,
 *   weight 2^-STABILITY, with Click's rounding compensation); when the queues are empty it
 *   decays once per 20 ms (Click's jiffies / (HZ / 50)) since the last empty sample, and is
 *   replaced outright after 100 such periods; STABILITY 0 uses the instantaneous size;
 * - avg <= MIN_THRESH: no drop; avg > kill threshold (2 * MAX_THRESH when GENTLE and MAX_P < 1,
 *   else MAX_THRESH): drop; in between the drop probability p_b grows linearly (to MAX_P at
 *   MAX_THRESH, then, gentle, to 1 at 2 * MAX_THRESH), and a packet is dropped when the count
 *   of packets since the last drop exceeds random / p_b (Floyd and Jacobson's uniform spacing).
 * Dropped packets leave on output 1 when it exists, else they are freed and counted ("RED";
 * aqm/ckaqmdrop.h).
 *
 * Random numbers: Click draws them with click_random(), at user level the C library's random(),
 * which Click seeds at router start from /dev/urandom and the time, so in the random band its
 * drops differ from run to run. clickc draws from random() too, with Click's formula
 * ((random() >> 5) & 0xFFFF): unseeded (glibc's default seed) a run is reproducible, and with
 * a RandomSeed(SEED) element both routers draw the same sequence, so RED then decides exactly
 * as Click does (as long as no other element draws in between differently). Outside the band
 * (avg <= MIN_THRESH, above the kill threshold) no random number is involved.
 *
 * The queues (ELEM(queue_names), from clickc.elements.aqm.red_queues) are read through their
 * `length` handlers, found at initialization (aqm/ckaqmqueues.h); ELEM(queue_problem) is the
 * hook's "no nearby Queues" / "not a Storage element" text, reported at initialization as
 * Click does.
 *
 * The including template defines RED_MIN_THRESH, RED_MAX_THRESH, RED_MAX_P, RED_STABILITY and
 * RED_GENTLE (the configured values) and its own ELEM(init), which calls ELEM(red_init);
 * RED_NO_WRITES leaves out the write handlers, RED_BEFORE_DROP(), when defined, runs before each
 * drop decision, and RED_BEFORE_READ() before each handler read.
 * Included once per instance; no include guard. */
#include "aqm/ckaqmqueues.h"

static int ELEM(minth), ELEM(maxth), ELEM(killth), ELEM(stab), ELEM(gentle);
static uint32_t ELEM(maxp), ELEM(C1), ELEM(C2), ELEM(G1), ELEM(G2);
static int64_t ELEM(avg); /* scaled by 2^10 */
static int ELEM(count), ELEM(random_value);
static uint32_t ELEM(last_jiffies);
static uint64_t ELEM(drops);

/* Click's RED::set_C1_and_C2, for the current thresholds and ELEM(maxp). */
static void ELEM(set_C1_and_C2)(void)
{
    int minth = ELEM(minth), maxth = ELEM(maxth);
    uint32_t maxp = ELEM(maxp);
    if (minth >= maxth) {
        ELEM(C1) = 0;
        ELEM(C2) = 1;
    } else {
        ELEM(C1) = maxp / (uint32_t)(maxth - minth);
        ELEM(C2) = (maxp * (uint32_t)minth) / (uint32_t)(maxth - minth);
    }
    ELEM(G1) = maxth ? (0x10000 - maxp) / (uint32_t)maxth : 0;
    ELEM(G2) = 0x10000 - 2 * maxp;
}

static void ELEM(set_params)(int minth, int maxth, uint32_t maxp, int stab, int gentle)
{
    ELEM(minth) = minth;
    ELEM(maxth) = maxth;
    ELEM(killth) = gentle && maxp != 0x10000 ? maxth * 2 : maxth;
    ELEM(maxp) = maxp;
    ELEM(stab) = stab;
    ELEM(gentle) = gentle;
    ELEM(set_C1_and_C2)();
}

static int
ELEM(red_init)(ck_errh *errh)
{
    if (ELEM(aqm_queues_init)(errh) < 0)
        return -1;
    ELEM(set_params)((int)(RED_MIN_THRESH), (int)(RED_MAX_THRESH), (uint32_t)(RED_MAX_P),
                     (int)(RED_STABILITY), (int)(RED_GENTLE));
    ELEM(avg) = 0;
    ELEM(drops) = 0;
    ELEM(count) = -1;
    ELEM(random_value) = 0;
    ELEM(last_jiffies) = 0;
    return 0;
}

/* 16 random bits, as Click's (click_random() >> 5) & 0xFFFF. */
static int ELEM(random16)(void)
{
    return (int)(((uint32_t)random() >> 5) & 0xFFFF);
}

static void ELEM(ewma)(int64_t x, unsigned n)
{
    int64_t xs = x * 1024;
    if (n >= 100) {
        ELEM(avg) = xs;
        return;
    }
    xs += (int64_t)1 << (ELEM(stab) - 1);
    for (; n > 0; n--)
        ELEM(avg) += (xs - ELEM(avg)) >> ELEM(stab);
}

static int ELEM(should_drop)(void)
{
#ifdef RED_BEFORE_DROP
    RED_BEFORE_DROP();
#endif
    int s = ELEM(queue_size)();
    unsigned avg;
    if (ELEM(stab) == 0)
        avg = (unsigned)s;
    else if (s) {
        ELEM(ewma)(s, 1);
        ELEM(last_jiffies) = 0;
        avg = (unsigned)((ELEM(avg) + 512) >> 10);
    } else {
        uint32_t j = ck_jiffies() / (CK_HZ / 50);
        ELEM(ewma)(0, ELEM(last_jiffies) ? j - ELEM(last_jiffies) : 1);
        ELEM(last_jiffies) = j;
        avg = (unsigned)((ELEM(avg) + 512) >> 10);
    }
    if (avg <= (unsigned)ELEM(minth)) {
        ELEM(count) = -1;
        return 0;
    } else if (avg > (unsigned)ELEM(killth)) {
        ELEM(count) = -1;
        return 1;
    }
    int p_b;
    if (avg <= (unsigned)ELEM(maxth))
        p_b = (int)(((uint64_t)ELEM(C1) * (uint64_t)ELEM(avg)) >> 10) - (int)ELEM(C2);
    else
        p_b = (int)(((uint64_t)ELEM(G1) * (uint64_t)ELEM(avg)) >> 10) - (int)ELEM(G2);
    ELEM(count)++;
    if (ELEM(count) > 0 && p_b > 0 && ELEM(count) > ELEM(random_value) / p_b) {
        ELEM(count) = 0;
        ELEM(random_value) = ELEM(random16)();
        return 1;
    }
    if (ELEM(count) == 0)
        ELEM(random_value) = ELEM(random16)();
    return 0;
}

#define AQM_DROP_REASON "RED"
#include "aqm/ckaqmdrop.h"
#undef AQM_DROP_REASON

#include "standard/ckdata.h"
CK_DATA_READ(drops, ELEM(drops));
CK_DATA_READ(min_thresh, ELEM(minth));
CK_DATA_READ(max_thresh, ELEM(maxth));
#ifndef RED_BEFORE_READ
#define RED_BEFORE_READ() ((void)0)
#endif
static uint32_t ELEM(maxp_now)(void)
{
    RED_BEFORE_READ();
    return ELEM(maxp);
}
CK_DATA_READ_WITH(max_p, ck_unparse_real2, ELEM(maxp_now)(), 16);
CK_DATA_READ_WITH(avg_queue_size, ck_unparse_real2, (uint64_t)ELEM(avg), 10);

static CK_UNUSED int ELEM(read_stats)(ck_buf *out)
{
    ck_buf_printf(out, "%d current queue\n", ELEM(queue_size)());
    ck_unparse_real2(out, (uint64_t)ELEM(avg), 10);
    ck_buf_printf(out, " avg queue\n%llu drops\n", (unsigned long long)ELEM(drops));
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ck_buf_printf(out, "%d, %d, ", ELEM(minth), ELEM(maxth));
    ck_unparse_real2(out, ELEM(maxp_now)(), 16);
    ck_buf_puts(out, ", QUEUES");
    for (int i = 0; i < ELEM(nqueues); i++)
        ck_buf_printf(out, " %s", ELEM(queue_names)[i]);
    ck_buf_printf(out, ", STABILITY %d", ELEM(stab));
    if (!ELEM(gentle))
        ck_buf_puts(out, ", GENTLE false");
    return 0;
}

#ifndef RED_NO_WRITES
/* Writes of min_thresh, max_thresh, max_p: Click's reconfigure_keyword_handler, checked as
 * RED::check_params does (RED only: RED_NO_WRITES leaves them out). */
static int ELEM(reconfigure)(int minth, int maxth, int64_t maxp, ck_errh *errh)
{
    if (maxth > 0xFFFF)
        return ck_error(errh, "MAX_THRESH must be <= %d", 0xFFFF);
    if (minth > maxth)
        return ck_error(errh, "MIN_THRESH must be <= MAX_THRESH");
    if (maxp < 0 || maxp > 0x10000)
        return ck_error(errh, "MAX_P must be between 0 and 1");
    ELEM(set_params)(minth, maxth, (uint32_t)maxp, ELEM(stab), ELEM(gentle));
    return 0;
}

static CK_UNUSED int ELEM(write_min_thresh)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > INT32_MAX)
        return ck_error(errh, "MIN_THRESH type mismatch");
    return ELEM(reconfigure)((int)v, ELEM(maxth), ELEM(maxp), errh);
}

static CK_UNUSED int ELEM(write_max_thresh)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > INT32_MAX)
        return ck_error(errh, "MAX_THRESH type mismatch");
    return ELEM(reconfigure)(ELEM(minth), (int)v, ELEM(maxp), errh);
}

static CK_UNUSED int ELEM(write_max_p)(const char *value, ck_errh *errh)
{
    double v;
    if (ck_parse_double(value, &v) < 0 || v < 0 || v > 1)
        return ck_error(errh, "MAX_P must be between 0 and 1");
    return ELEM(reconfigure)(ELEM(minth), ELEM(maxth), (int64_t)(v * 65536 + 0.5), errh);
}
#endif
#undef RED_BEFORE_READ
#undef RED_BEFORE_DROP
#undef RED_NO_WRITES
