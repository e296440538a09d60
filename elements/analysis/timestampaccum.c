/* TimestampAccum: adds, for each packet, the wall-clock time now minus its timestamp
 * annotation (in seconds, a double) to a sum (Click's elements/analysis/timestampaccum.cc).
 * Handlers: count, time (the sum), average_time (sum / count) printed as Click's
 * String(double) ("%.12g"), reset_counts. */
static double ELEM(accum);
static uint64_t ELEM(count);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ELEM(accum) += (double)(ck_now_ns() - p->ts_ns) / 1e9;
    ELEM(count)++;
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_count)(ck_buf *out)
{
    ck_buf_printf(out, "%llu", (unsigned long long)ELEM(count));
    return 0;
}

static CK_UNUSED int ELEM(read_time)(ck_buf *out)
{
    ck_buf_printf(out, "%.12g", ELEM(accum));
    return 0;
}

static CK_UNUSED int ELEM(read_average_time)(ck_buf *out)
{
    ck_buf_printf(out, "%.12g", ELEM(accum) / (double)ELEM(count));
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(accum) = 0;
    ELEM(count) = 0;
    return 0;
}
