/* DelayUnqueue(DELAY): Click's elements/standard/delayunqueue.cc.  The task pulls one packet at
 * a time; a packet without a timestamp (zero seconds) is stamped with the current time; DELAY
 * is added to its timestamp, and it is pushed out once the wall clock reaches that time.  While
 * it waits the task arms a runtime timer for that moment (which keeps the router running,
 * docs/runtime.md) and pulls nothing more (standard/ckdelayheld.h).  Handler delay reads
 * DELAY as Click's interval and changes it for the packets pulled afterwards.  A packet still held at exit is dropped with
 * the reason "held at exit". */
#include "standard/ckinterval.h"
#include "standard/ckdelayheld.h"

static CK_UNUSED int ELEM(run_task)(void)
{
    int worked = 0;
    if (ELEM(timer).scheduled)
        return 0;
    for (;;) {
        if (!ELEM(next_held)())
            return worked;
        int64_t wait = ELEM(p)->ts_ns - ck_now_ns();
        if (wait > 0) {
            ck_timer_schedule_at(&ELEM(timer), ck_monotonic_ns() + wait);
            return worked;
        }
        ck_packet *p = ELEM(p);
        ELEM(p) = NULL;
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
