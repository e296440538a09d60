/* PI(W, A, B, TARGET [, QUEUES, QREF, STABILITY]): proportional-integral active queue
 * management (Hollot, Misra, Towsley and Gong, INFOCOM 2001) in front of the downstream queues,
 * with the interface of Click's elements/aqm/pi.cc (docs/more-elements.md, "PI").
 *
 * Every W seconds a timer samples q, the summed length of the queues (aqm/ckaqmqueues.h, as
 * RED finds them), and updates the drop probability
 *     p = A * (q - QREF) - B * (q_prev - QREF) + p,   kept within [0, 1],
 * q_prev being the previous sample (0 before the first).  Each packet is dropped with
 * probability p (random(), as RED draws: reproducible unseeded, or after RandomSeed); dropped
 * packets leave on output 1 when it exists, else they are freed and counted ("PI";
 * aqm/ckaqmdrop.h).  The samples also feed an average (weight 2^-STABILITY, scaled by 2^10)
 * for avg_queue_size and stats.  When no source is active the timer lapses (so the router can end) and resumes with
 * the next active source, as TimedSink's. */
static double ELEM(w), ELEM(a), ELEM(b), ELEM(p);
static int ELEM(qref), ELEM(old_q);
static int64_t ELEM(avg); /* scaled by 2^10 */
static uint64_t ELEM(drops);
static ck_timer ELEM(timer);

#define CK_AQM_CLEANUP() ck_timer_unschedule(&ELEM(timer))
#include "aqm/ckaqmqueues.h"
#undef CK_AQM_CLEANUP

static int64_t ELEM(period_ns)(void)
{
    return (int64_t)(ELEM(w) * 1e9);
}

static void ELEM(revive)(void *arg)
{
    (void)arg;
    ck_timer_schedule_after(&ELEM(timer), ELEM(period_ns)());
}

static void ELEM(sample)(void *arg)
{
    (void)arg;
    int q = ELEM(queue_size)();
    double p = ELEM(a) * (q - ELEM(qref)) - ELEM(b) * (ELEM(old_q) - ELEM(qref)) + ELEM(p);
    ELEM(p) = p < 0 ? 0 : p > 1 ? 1 : p;
    ELEM(old_q) = q;
    ELEM(avg) += ((int64_t)q * 1024 - ELEM(avg)) / ((int64_t)1 << CONF(STABILITY));
    if (ck_sources_active() > 0 || ck_on_source_revive(ELEM(revive), NULL) < 0)
        ck_timer_schedule_after(&ELEM(timer), ELEM(period_ns)());
}

static int ELEM(init)(ck_errh *errh)
{
    if (ELEM(aqm_queues_init)(errh) < 0)
        return -1;
    ELEM(w) = CONF(W);
    ELEM(a) = CONF(A);
    ELEM(b) = CONF(B);
    ELEM(qref) = (int)(CONF_GIVEN(QREF) ? CONF(QREF) : CONF(TARGET));
    ck_timer_init(&ELEM(timer), ELEM(sample), NULL);
    ck_timer_schedule_after(&ELEM(timer), ELEM(period_ns)());
    return 0;
}

static int ELEM(should_drop)(void)
{
    /* random() is uniform on [0, 2^31 - 1]: below p * 2^31 with probability p */
    return (double)random() < ELEM(p) * 2147483648.0;
}

#define AQM_DROP_REASON "PI"
#include "aqm/ckaqmdrop.h"
#undef AQM_DROP_REASON

#include "standard/ckdata.h"
CK_DATA_READ(drops, ELEM(drops));
CK_DATA_READ_WITH(avg_queue_size, ck_unparse_real2, (uint64_t)ELEM(avg), 10);

static int ELEM(read_coef)(ck_buf *out, double v)
{
    ck_buf_printf(out, "%.15g", v);
    return 0;
}

/* A write of w, a or b: a real number, at least 0 (Click's check_params messages). */
static int ELEM(write_coef)(const char *value, double *dst, const char *name, ck_errh *errh)
{
    double v;
    if (ck_parse_double(value, &v) < 0)
        return ck_error(errh, "%c: expected real number", name[0] - 'a' + 'A');
    if (v < 0)
        return ck_error(errh, "%s must be positive", name);
    *dst = v;
    return 0;
}

static int ELEM(read_w)(ck_buf *out) { return ELEM(read_coef)(out, ELEM(w)); }
static int ELEM(read_a)(ck_buf *out) { return ELEM(read_coef)(out, ELEM(a)); }
static int ELEM(read_b)(ck_buf *out) { return ELEM(read_coef)(out, ELEM(b)); }

static int ELEM(write_w)(const char *value, ck_errh *errh)
{
    return ELEM(write_coef)(value, &ELEM(w), "w", errh);
}

static int ELEM(write_a)(const char *value, ck_errh *errh)
{
    return ELEM(write_coef)(value, &ELEM(a), "a", errh);
}

static int ELEM(write_b)(const char *value, ck_errh *errh)
{
    return ELEM(write_coef)(value, &ELEM(b), "b", errh);
}

static int ELEM(read_stats)(ck_buf *out)
{
    ck_buf_printf(out, "%d current queue\n", ELEM(queue_size)());
    ck_unparse_real2(out, (uint64_t)ELEM(avg), 10);
    ck_buf_printf(out, " avg queue\n%llu drops\n", (unsigned long long)ELEM(drops));
    return 0;
}

static int ELEM(read_config)(ck_buf *out)
{
    ck_buf_printf(out, "%.15g, %.15g, %.15g, %d, QUEUES", ELEM(w), ELEM(a), ELEM(b),
                  ELEM(qref));
    for (int i = 0; i < ELEM(nqueues); i++)
        ck_buf_printf(out, " %s", ELEM(queue_names)[i]);
    ck_buf_printf(out, ", STABILITY %d", (int)CONF(STABILITY));
    return 0;
}
