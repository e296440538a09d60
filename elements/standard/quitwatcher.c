/* QuitWatcher(ELEMENT, ...): every 10 ms, reads the `scheduled` handler of each watched element
 * (ELEM(watched), found by standard/quitwatcher.py) and stops the router (ck_router_stop, Click's
 * please_stop_driver) when one reads false or fails, as Click's
 * elements/standard/quitwatcher.cc.  Click's timer runs for ever; here, while no source is
 * active, the timer lapses (as TimedSink's) so that the router can end when everything is done,
 * and a source that becomes active again restarts it. */

static ck_timer ELEM(timer);
static ck_buf ELEM(buf);

static void ELEM(revive)(void *arg)
{
    (void)arg;
    ck_timer_schedule_after(&ELEM(timer), 10000000);
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    for (int i = 0; i < ELEM(nwatched); i++) {
        ck_buf_clear(&ELEM(buf));
        if (ck_handler_read(ELEM(watched)[i], &ELEM(buf), NULL) < 0
            || ck_buf_str(&ELEM(buf))[0] != 't') {
            ck_router_stop();
            return;
        }
    }
    if (ck_sources_active() > 0 || ck_on_source_revive(ELEM(revive), NULL) < 0)
        ck_timer_schedule_after(&ELEM(timer), 10000000);
}

static int
ELEM(init)(ck_errh *errh)
{
    /* Click's initialize: each ELEMENT.scheduled must be a read handler */
    int bad = 0;
    for (int i = 0; i < ELEM(nwatched); i++)
        if (ck_handler_check_read(ELEM(watched)[i], NULL, errh) < 0)
            bad = 1;
    if (bad)
        return -1;
    ck_buf_init(&ELEM(buf));
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    ck_timer_schedule_after(&ELEM(timer), 10000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
    ck_buf_free(&ELEM(buf));
}
