/* TimedUnqueue(INTERVAL [, BURST]) and Burster (burster.c): Click's
 * elements/standard/timedunqueue.cc.  A run pulls up to BURST packets and pushes them out,
 * then waits INTERVAL milliseconds (a runtime timer: the next run is INTERVAL after the
 * previous one was due, so the cadence does not drift) before the next.  A run whose first pull
 * finds nothing forgets the cadence and waits for a packet (the task sleeps on the empty
 * queues upstream); the next packet then goes out at once.  The pending timer keeps the router
 * running while packets wait (docs/runtime.md). */
static ck_timer ELEM(timer);
static int64_t ELEM(expiry); /* monotonic ns the last timer was due; 0: none */

static void ELEM(wake)(void *arg) { (void)arg; }

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ck_timer_init(&ELEM(timer), ELEM(wake), NULL);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (ELEM(timer).scheduled)
        return 0;
    int i;
    for (i = 0; i < (int)CONF(BURST); i++) {
        ck_packet *p = INPUT_PULL(0);
        if (!p) {
            if (i == 0) {
                ELEM(expiry) = 0;
                return 0;
            }
            break;
        }
        OUTPUT(0, p);
    }
    int64_t interval = (int64_t)CONF(INTERVAL) * 1000000;
    ELEM(expiry) = ELEM(expiry) ? ELEM(expiry) + interval : ck_monotonic_ns() + interval;
    ck_timer_schedule_at(&ELEM(timer), ELEM(expiry));
    return i;
}
