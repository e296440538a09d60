/* AdjustTimestamp([TIME, FIRST, ALL]): Click's elements/analysis/adjusttimestamp.cc.  TIME
 * (nanoseconds, may be negative) is added to the packet's timestamp annotation, or with FIRST
 * to its FIRST_TIMESTAMP annotation (nanoseconds, as clickc keeps it), when that is set
 * (nonzero) or ALL is true.  Handler time reads TIME as Click's interval and changes it
 * (a time with units, a leading '-' allowed; "expected time in seconds").  As in Click, a
 * leading '-' negates the whole seconds only, in the argument and the handler alike: -1.25 is
 * -0.75 s, and -0.25 is +0.25 s (docs/config-arguments.md). */
#include "standard/ckinterval.h"
static int64_t ELEM(ts);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(ts) = (int64_t)CONF(TIME);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (CONF(FIRST)) {
        int64_t t;
        memcpy(&t, p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, sizeof t);
        if (t || CONF(ALL)) {
            t += ELEM(ts);
            memcpy(p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, &t, sizeof t);
        }
    } else if (p->ts_ns || CONF(ALL))
        p->ts_ns += ELEM(ts);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(time, ck_unparse_interval, ELEM(ts));

static CK_UNUSED int ELEM(write_time)(const char *value, ck_errh *errh)
{
    if (ck_parse_interval(value, &ELEM(ts)) < 0)
        return ck_error(errh, "expected time in seconds");
    return 0;
}
