/* DelayUnqueue(DELAY): Click's elements/standard/delayunqueue.cc.  The task pulls one packet at
 * a time; a packet without a timestamp (zero seconds) is stamped with the current time; DELAY
 * is added to its timestamp, and it is pushed out once the wall clock reaches that time.  While
 * it waits the task arms a runtime timer for that moment (which keeps the router running,
 * docs/runtime.md) and pulls nothing more.  Handler delay reads DELAY as Click's interval and
 * changes it for the packets pulled afterwards.  A packet still held at exit is dropped with
 * the reason "held at exit". */
#include "standard/ckinterval.h"
static ck_timer ELEM(timer);
static ck_packet *ELEM(held);
static int64_t ELEM(delay);

static void ELEM(wake)(void *arg) { (void)arg; }

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
    if (ELEM(held))
        ck_drop(ELEM(held), ELEMENT_INDEX, "held at exit");
    ELEM(held) = NULL;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    int worked = 0;
    if (ELEM(timer).scheduled)
        return 0;
    for (;;) {
        if (!ELEM(held)) {
            ck_packet *p = INPUT_PULL(0);
            if (!p)
                return worked;
            if (p->ts_ns / 1000000000 == 0)
                p->ts_ns = ck_now_ns();
            p->ts_ns += ELEM(delay);
            ELEM(held) = p;
        }
        int64_t wait = ELEM(held)->ts_ns - ck_now_ns();
        if (wait > 0) {
            ck_timer_schedule_at(&ELEM(timer), ck_monotonic_ns() + wait);
            return worked;
        }
        ck_packet *p = ELEM(held);
        ELEM(held) = NULL;
        OUTPUT(0, p);
        worked++;
    }
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(delay, ck_unparse_interval, ELEM(delay));

static CK_UNUSED int ELEM(write_delay)(const char *value, ck_errh *errh)
{
    if (ck_parse_interval(value, &ELEM(delay)) < 0)
        return ck_error(errh, "expected time in seconds");
    return 0;
}
