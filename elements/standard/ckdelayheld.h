/* The held packet of DelayShaper and DelayUnqueue (per instance; Click's
 * elements/standard/delayshaper.cc and delayunqueue.cc hold one packet the same way): the
 * packet ELEM(p) waiting for its time, DELAY (ELEM(delay), nanoseconds), a runtime timer that
 * keeps the router running while a packet waits (its callback does nothing: the puller or the
 * task looks again), and ELEM(next_held)(), which pulls a packet when none is held, stamps it
 * with the current time when its timestamp has no seconds, adds DELAY, and returns the held
 * packet (NULL: none).  A packet still held at exit is dropped ("held at exit"). */
static ck_packet *ELEM(p);
static int64_t ELEM(delay);
static ck_timer ELEM(timer);

static void ELEM(wake)(void *arg)
{
    (void)arg; /* the puller polls; the timer only keeps the router running */
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(delay) = (int64_t)CONF(DELAY);
    ck_timer_init(&ELEM(timer), ELEM(wake), NULL);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
    if (ELEM(p))
        ck_drop(ELEM(p), ELEMENT_INDEX, "held at exit");
    ELEM(p) = NULL;
}

static ck_packet *ELEM(next_held)(void)
{
    if (!ELEM(p) && (ELEM(p) = INPUT_PULL(0)) != NULL) {
        if (ELEM(p)->ts_ns / 1000000000 == 0) /* Click: !timestamp_anno().sec() */
            ELEM(p)->ts_ns = ck_now_ns();
        ELEM(p)->ts_ns += ELEM(delay);
    }
    return ELEM(p);
}
