/* AdaptiveRED(TARGET, MAX_P [, QUEUES, STABILITY]): RED (aqm/red_body.h) with MIN_THRESH
 * TARGET/2, MAX_THRESH 3*TARGET/2 (TARGET at least 10), GENTLE, and Adaptive RED's MAX_P rule
 * every 500 ms (Click's elements/aqm/adaptivered.cc): with avg the average queue (the
 * instantaneous one when STABILITY is 0) and part a quarter of the threshold band, MAX_P falls
 * to nine tenths while avg < MIN_THRESH + part and MAX_P > 0.01, and rises by min(0.01,
 * MAX_P/4) while avg > MAX_THRESH - part and MAX_P < 0.5; C1/C2 follow, the kill threshold
 * stays the configured one, as in Click.
 *
 * Click runs the rule from a timer; clickc applies it, once per elapsed 500 ms period since
 * initialization, when a packet arrives or a handler reads MAX_P.  The average only changes
 * when a packet arrives, so MAX_P is the one Click's timer gives (with STABILITY 0 the queue
 * length read is the current one for every period).  No timer is pending, so a router with
 * AdaptiveRED ends like one with RED.
 *
 * Handlers: RED's, read-only (Click's writes reconfigure AdaptiveRED's own arguments in RED's
 * argument positions; not provided). */
#define ADARED_INTERVAL_NS ((int64_t)500 * 1000000)
static int64_t ELEM(next_adapt);
static void ELEM(adapt)(void);

#define RED_MIN_THRESH (CONF(TARGET) < 10 ? 10 : CONF(TARGET)) / 2
#define RED_MAX_THRESH ((CONF(TARGET) < 10 ? 10 : CONF(TARGET)) * 3 / 2)
#define RED_MAX_P CONF(MAX_P)
#define RED_STABILITY CONF(STABILITY)
#define RED_GENTLE 1
#define RED_NO_WRITES 1
#define RED_BEFORE_DROP ELEM(adapt)
#define RED_BEFORE_READ ELEM(adapt)
#include "aqm/red_body.h"
#undef RED_MIN_THRESH
#undef RED_MAX_THRESH
#undef RED_MAX_P
#undef RED_STABILITY
#undef RED_GENTLE

/* Click's AdaptiveRED::run_timer, for each 500 ms period elapsed (at most 1000 at once: by
 * then MAX_P has long reached its bound). */
static void ELEM(adapt)(void)
{
    int64_t now = ck_monotonic_ns();
    if (now < ELEM(next_adapt))
        return;
    int64_t periods = (now - ELEM(next_adapt)) / ADARED_INTERVAL_NS + 1;
    ELEM(next_adapt) += periods * ADARED_INTERVAL_NS;
    if (periods > 1000)
        periods = 1000;
    for (; periods > 0; periods--) {
        uint32_t avg = ELEM(stab) == 0 ? (uint32_t)ELEM(queue_size)()
                                       : (uint32_t)((ELEM(avg) + 512) >> 10);
        uint32_t part = (uint32_t)(ELEM(maxth) - ELEM(minth)) / 2;
        if (avg < (uint32_t)ELEM(minth) + part && ELEM(maxp) > 655)
            ELEM(maxp) = (ELEM(maxp) * 58982u) >> 16;
        else if (avg > (uint32_t)ELEM(maxth) - part && ELEM(maxp) < 0x8000) {
            uint32_t alpha = 655;
            if (alpha > ELEM(maxp) / 4)
                alpha = ELEM(maxp) / 4;
            ELEM(maxp) += alpha;
        }
    }
    ELEM(set_C1_and_C2)();
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(next_adapt) = ck_monotonic_ns() + ADARED_INTERVAL_NS;
    return ELEM(red_init)(errh);
}
