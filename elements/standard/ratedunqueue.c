/* RatedUnqueue(RATE [, BURST_DURATION, BURST_SIZE]): a task that pulls a packet from its input
 * and pushes it out whenever its token bucket holds a token (Click's
 * elements/standard/ratedunqueue.cc).  The bucket (standard/cktokenbucket.h, Click's
 * TokenBucket arithmetic on jiffies) holds RATE * BURST_DURATION tokens (20 ms by default) or
 * BURST_SIZE, at least one, and starts full.  BandwidthRatedUnqueue (bandwidthratedunqueue.c)
 * instantiates this file with CK_RU_BANDWIDTH 1: tokens are bytes, a packet goes out while the
 * bucket holds 128 KiB and removes its length.
 *
 * Waiting: when the bucket lacks tokens the task arms a timer for the jiffy the token arrives
 * and does nothing until it fires; the pending timer keeps the router running (docs/qos.md)
 * and lets the scheduler sleep instead of spinning.  Handlers as Click's: rate (read: the
 * bucket's effective rate; write: reconfigure RATE), config, active, calls. */
#include "standard/cktokenbucket.h"

#ifndef CK_RU_BANDWIDTH
#define CK_RU_BANDWIDTH 0
#define CK_RU_BURST_GIVEN CONF_GIVEN(BURST_SIZE)
#define CK_RU_BURST_VALUE CONF(BURST_SIZE)
#endif

static ck_tokenbucket ELEM(tb);
static ck_timer ELEM(timer);
static int ELEM(active);
static uint64_t ELEM(runs), ELEM(pushes), ELEM(failed_pulls), ELEM(empty_runs);
static uint32_t ELEM(burst_msec);
static uint32_t ELEM(burst_size);

static void ELEM(wake)(void *arg) { (void)arg; }

static CK_UNUSED uint32_t ELEM(capacity)(uint32_t rate)
{
    return ck_tb_capacity(rate, CONF_GIVEN(BURST_DURATION), ELEM(burst_msec),
                          CK_RU_BURST_GIVEN, ELEM(burst_size), CK_RU_BANDWIDTH);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(burst_msec) = (uint32_t)CONF(BURST_DURATION);
    ELEM(burst_size) = (uint32_t)CK_RU_BURST_VALUE;
    uint32_t rate = (uint32_t)CONF(RATE);
    ck_tb_init(&ELEM(tb), rate, ELEM(capacity)(rate));
    ck_timer_init(&ELEM(timer), ELEM(wake), NULL);
    ELEM(active) = 1;
    return 0;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): a successor with the same rate and
 * burst continues the predecessor's bucket (its tokens and last refill); another rate starts
 * full, as a new element does.  The counters continue. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_tb_hot_take(&ELEM(tb), old, "tb");
    CK_HOT_COPY(old, runs);
    CK_HOT_COPY(old, pushes);
    CK_HOT_COPY(old, failed_pulls);
    CK_HOT_COPY(old, empty_runs);
    return 0;
}
#endif

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}

static CK_UNUSED int ELEM(run_task)(void)
{
    ELEM(runs)++;
    if (!ELEM(active) || ELEM(timer).scheduled)
        return 0;
    ck_tb_refill(&ELEM(tb));
    uint32_t need = CK_RU_BANDWIDTH ? CK_TB_BANDWIDTH_THRESH : 1;
    if (ck_tb_contains(&ELEM(tb), need)) {
        ck_packet *p = INPUT_PULL(0);
        if (p) {
            ck_tb_remove(&ELEM(tb), CK_RU_BANDWIDTH ? p->len : 1);
            ELEM(pushes)++;
            OUTPUT(0, p);
            return 1;
        }
        ELEM(failed_pulls)++;
        ELEM(empty_runs)++;
        return 0;
    }
    uint32_t j = ck_tb_time_until_contains(&ELEM(tb), need);
    if (j != 0xFFFFFFFFu)
        ck_timer_schedule_after(&ELEM(timer), (int64_t)j * (1000000000 / CK_HZ));
    ELEM(empty_runs)++;
    return 0;
}

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    if (CK_RU_BANDWIDTH)
        ck_unparse_bandwidth(out, ck_tb_rate(&ELEM(tb)));
    else
        ck_buf_printf(out, "%u", ck_tb_rate(&ELEM(tb)));
    return 0;
}

static CK_UNUSED int ELEM(read_config)(ck_buf *out) { return ELEM(read_rate)(out); }

static CK_UNUSED int ELEM(read_calls)(ck_buf *out)
{
    ck_buf_printf(out, "%llu calls to run_task()\n%llu empty runs\n%llu pushes\n%llu failed pulls\n",
                  (unsigned long long)ELEM(runs), (unsigned long long)ELEM(empty_runs),
                  (unsigned long long)ELEM(pushes), (unsigned long long)ELEM(failed_pulls));
    return 0;
}

#define CK_ACTIVE_ERROR "expected boolean"
#include "standard/ckactive.h"

/* Click's reconfigure_keyword_handler "0 RATE": RATE replaced, the bursts kept. */
static CK_UNUSED int ELEM(write_rate)(const char *value, ck_errh *errh)
{
    uint32_t r = 0;
    if (ck_rate_value(value, CK_RU_BANDWIDTH, &r, errh) < 0)
        return -1;
    ck_tb_assign(&ELEM(tb), r, ELEM(capacity)(r));
    return 0;
}

#undef CK_RU_BANDWIDTH
#undef CK_RU_BURST_GIVEN
#undef CK_RU_BURST_VALUE
