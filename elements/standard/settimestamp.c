/* SetTimestamp([TIMESTAMP, FIRST]): sets the timestamp annotation to the current time, or to
 * TIMESTAMP when given (Click's elements/standard/settimestamp.cc); with FIRST true it sets the
 * FIRST_TIMESTAMP annotation instead (8 bytes at FIRST_TIMESTAMP_ANNO_OFFSET, nanoseconds since
 * the epoch as clickc stores timestamps).  DELTA is refused at compile time with Click's
 * message. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int64_t t = CONF_GIVEN(TIMESTAMP) ? (int64_t)CONF(TIMESTAMP) : ck_now_ns();
    if (CONF(FIRST))
        memcpy(p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, &t, 8);
    else
        p->ts_ns = t;
    return p;
}
#include "simple_action.h"
