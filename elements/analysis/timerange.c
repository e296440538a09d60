/* TimeRange([SIMPLE]): Click's elements/analysis/timerange.cc.  The first packet (while no
 * time is recorded: a first time of 0) sets both times; after it a later timestamp moves the
 * last time (with SIMPLE every timestamp does), an earlier one the first.  Handlers first,
 * last, range ("FIRST LAST"), interval (timestamps as Click prints them) and reset. */
static int64_t ELEM(first), ELEM(last);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int64_t t = p->ts_ns;
    if (!ELEM(first))
        ELEM(first) = ELEM(last) = t;
    else if (CONF(SIMPLE))
        ELEM(last) = t;
    else if (ELEM(last) < t)
        ELEM(last) = t;
    else if (t < ELEM(first))
        ELEM(first) = t;
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ_WITH(first, ck_unparse_timestamp, ELEM(first));
CK_DATA_READ_WITH(last, ck_unparse_timestamp, ELEM(last));
CK_DATA_READ_WITH(interval, ck_unparse_timestamp, ELEM(last) - ELEM(first));

static CK_UNUSED int ELEM(read_range)(ck_buf *out)
{
    ck_unparse_timestamp(out, ELEM(first));
    ck_buf_puts(out, " ");
    ck_unparse_timestamp(out, ELEM(last));
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(first) = ELEM(last) = 0;
    return 0;
}
