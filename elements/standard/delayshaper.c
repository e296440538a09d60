/* DelayShaper(DELAY): a pull element that holds each packet until DELAY after its timestamp
 * annotation (Click's elements/standard/delayshaper.cc).  A packet without a timestamp (its
 * seconds 0) is stamped now first; on release its timestamp becomes the release time.  Until
 * then a pull returns nothing; a runtime timer pending at the release time keeps the router
 * running while a packet waits (clickc stops when no source is active, no task moves a packet
 * and no timer is pending).  A packet still held at exit is dropped (reason "held at exit").
 * Handler `delay` reads and writes DELAY (Click's "delay must be a timestamp"). */
#include "standard/ckinterval.h"

#include "standard/ckdelayheld.h"

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    if (ELEM(next_held)()) {
        int64_t now = ck_now_ns();
        if (ELEM(p)->ts_ns <= now) {
            ck_packet *q = ELEM(p);
            q->ts_ns = now;
            ELEM(p) = NULL;
            ck_timer_unschedule(&ELEM(timer));
            return q;
        }
        if (!ELEM(timer).scheduled)
            ck_timer_schedule_after(&ELEM(timer), ELEM(p)->ts_ns - now);
    }
    return NULL;
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(delay, ck_unparse_interval, ELEM(delay));

static CK_UNUSED int ELEM(write_delay)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_time_ns(value, &v) < 0)
        return ck_error(errh, "delay must be a timestamp");
    ELEM(delay) = v;
    return 0;
}
