/* NullTask([STOP, LIMIT, ACTIVE]) (Click's elements/test/nulltask.cc): a task that counts its
 * runs and does nothing else; it reschedules itself while LIMIT is 0 or the count is below it,
 * and asks the driver to stop on reaching LIMIT with STOP.  A scheduled NullTask is work (a
 * source, ck_source_active): a router does not end by itself while it runs, as Click's task
 * keeps Click's driver busy; each run is one unit of work (Click's run_task returns true).
 * Handlers count, limit (rw), reset, scheduled (rw: Click's task handler with
 * TASKHANDLER_WRITE_SCHEDULED). */
static uint32_t ELEM(count), ELEM(limit);
static int ELEM(scheduled);

static void ELEM(set_scheduled)(int s)
{
    if (s != ELEM(scheduled))
        ck_source_active(s ? 1 : -1);
    ELEM(scheduled) = s;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(limit) = (uint32_t)CONF(LIMIT);
    ELEM(set_scheduled)(CONF(ACTIVE) ? 1 : 0);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ELEM(set_scheduled)(0);
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(scheduled))
        return 0;
    ++ELEM(count);
    if (!(ELEM(limit) == 0 || ELEM(count) < ELEM(limit)))
        ELEM(set_scheduled)(0);
    if (ELEM(limit) != 0 && ELEM(count) >= ELEM(limit) && CONF(STOP))
        ck_router_stop();
    return 1;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ(limit, ELEM(limit));
CK_DATA_WRITE_UINT(limit, ELEM(limit), UINT32_MAX, "expected integer");

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    return 0;
}

static CK_UNUSED int ELEM(read_scheduled)(ck_buf *out)
{
    ck_buf_puts(out, ELEM(scheduled) ? "true" : "false");
    return 0;
}

static CK_UNUSED int ELEM(write_scheduled)(const char *value, ck_errh *errh)
{
    int b;
    if (ck_parse_bool(value, &b) < 0)
        return ck_error(errh, "syntax error");
    ELEM(set_scheduled)(b);
    return 0;
}
