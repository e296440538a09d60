/* HandlerTask(HANDLER [, ACTIVE, RESCHEDULE]) (Click's elements/test/handlertask.cc): a task
 * that calls the write handler HANDLER ("ELEMENT.HANDLER [VALUE]", checked at initialization
 * with Click's HandlerCall messages; the text is ELEM(call), made by handlertask.py) each time
 * it runs, then stays scheduled only with RESCHEDULE.  Errors of the call are printed without context, as Click's default error
 * handler prints them.  A scheduled HandlerTask is work (a source, ck_source_active), as in
 * NullTask (test/nulltask.c).  Handlers count, reschedule (rw), scheduled (rw). */
static uint32_t ELEM(count);
static int ELEM(scheduled), ELEM(reschedule);

static void ELEM(set_scheduled)(int s)
{
    if (s != ELEM(scheduled))
        ck_source_active(s ? 1 : -1);
    ELEM(scheduled) = s;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(reschedule) = CONF(RESCHEDULE) ? 1 : 0;
    ELEM(set_scheduled)(CONF(ACTIVE) ? 1 : 0);
    if (ck_check_write_text(ELEM(call)[0].text, errh) < 0)
        return -1;
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
    ck_errh errh;
    ck_errh_init(&errh, NULL, NULL);
    (void)ck_call_write_text(ELEM(call)[0].text, &errh);
    if (!ELEM(reschedule))
        ELEM(set_scheduled)(0);
    return 1;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ_BOOL(reschedule, ELEM(reschedule));
CK_DATA_WRITE_BOOL(reschedule, ELEM(reschedule), "expected boolean");

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
