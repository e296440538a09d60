/* The `interval` read and write handlers of TimedSource and TimedSink (per instance): the
 * template defines int64_t ELEM(interval_ns) and includes standard/ckinterval.h.  A write
 * takes a time (ck_parse_time_ns) other than 0, else reports "bad interval". */
#include "standard/ckdata.h"
CK_DATA_READ_WITH(interval, ck_unparse_interval, ELEM(interval_ns));

static CK_UNUSED int ELEM(write_interval)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_time_ns(value, &v) < 0 || v == 0)
        return ck_error(errh, "bad interval");
    ELEM(interval_ns) = v;
    return 0;
}
