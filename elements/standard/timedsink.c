/* TimedSink([INTERVAL]): pulls one packet from its input every INTERVAL (default 0.5 s) and
 * frees it (Click's elements/standard/timedsink.cc), from a runtime timer.  Click's timer
 * runs for ever; here a pull that finds nothing while no source is active lets the timer
 * lapse, so that the router can end when its input is done (docs/qos.md). */
#include "standard/ckinterval.h"

static ck_timer ELEM(timer);
static int64_t ELEM(interval_ns);

static void ELEM(fire)(void *arg)
{
    (void)arg;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        ck_packet_kill(p);
    if (p || ck_sources_active() > 0)
        ck_timer_schedule_at(&ELEM(timer), ELEM(timer).expiry_ns + ELEM(interval_ns));
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(interval_ns) = (int64_t)CONF(INTERVAL);
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    ck_timer_schedule_after(&ELEM(timer), ELEM(interval_ns));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}

#include "standard/ckinterval_handlers.h"
