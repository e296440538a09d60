/* TimedSink([INTERVAL]): pulls one packet from its input every INTERVAL (default 0.5 s) and
 * frees it (Click's elements/standard/timedsink.cc), from a runtime timer.  Click's timer
 * runs for ever; here a pull that finds nothing while no source is active lets the timer
 * lapse, so that the router can end when its input is done (docs/qos.md), and a source
 * that becomes active again (a handler resets it) restarts it on the same INTERVAL grid. */
#include "standard/ckinterval.h"

static ck_timer ELEM(timer);
static int64_t ELEM(interval_ns);

/* A source is active again: the timer's next expiry on its grid after now. */
static void ELEM(revive)(void *arg)
{
    (void)arg;
    int64_t at = ELEM(timer).expiry_ns + ELEM(interval_ns), now = ck_monotonic_ns();
    if (at <= now && ELEM(interval_ns) > 0)
        at += ((now - at) / ELEM(interval_ns) + 1) * ELEM(interval_ns);
    ck_timer_schedule_at(&ELEM(timer), at);
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    ck_packet *p = INPUT_PULL(0);
    if (p)
        ck_packet_kill(p);
    if (p || ck_sources_active() > 0 || ck_on_source_revive(ELEM(revive), NULL) < 0)
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
