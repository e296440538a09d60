/* SetTimestampDelta([TYPE]): Click's elements/analysis/settimestampdelta.cc.  A packet with a
 * timestamp (nonzero) gets instead: with TYPE RANGE its timestamp minus the first such packet's
 * (kept until reset), with NOW the current time minus its timestamp, with FIRST its timestamp
 * minus its FIRST_TIMESTAMP annotation (nanoseconds, as clickc keeps it).  Handlers first
 * (Click's text and a newline) and reset. */
static int64_t ELEM(first);
static int ELEM(type);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    const char *t = CONF(TYPE);
    ELEM(type) = strcmp(t, "NOW") == 0 ? 1 : strcmp(t, "FIRST") == 0 ? 2 : 0;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->ts_ns) {
        if (ELEM(type) == 0) {
            if (!ELEM(first))
                ELEM(first) = p->ts_ns;
            p->ts_ns -= ELEM(first);
        } else if (ELEM(type) == 1)
            p->ts_ns = ck_now_ns() - p->ts_ns;
        else {
            int64_t f;
            memcpy(&f, p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, sizeof f);
            p->ts_ns -= f;
        }
    }
    return p;
}
#include "simple_action.h"

static CK_UNUSED int ELEM(read_first)(ck_buf *out)
{
    ck_unparse_timestamp(out, ELEM(first));
    ck_buf_puts(out, "\n");
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(first) = 0;
    return 0;
}
