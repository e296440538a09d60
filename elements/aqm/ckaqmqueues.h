/* The queues an AQM element watches (RED, AdaptiveRED, CoDel): ELEM(queue_names),
 * ELEM(nqueues) and ELEM(queue_problem) come from clickc.elements.aqm.red_queues; this part
 * finds each queue's `length` handler when the router initializes (ELEM(aqm_queues_init):
 * the hook's "no nearby Queues" text, or Click's "'NAME' is not a Storage element"), sums
 * the lengths (ELEM(queue_size)), frees its buffer (ELEM(cleanup)) and answers the `queues`
 * handler, one name a line.  An includer with more to clean up defines CK_AQM_CLEANUP()
 * (PI: its timer).  Included once per instance; no include guard. */
#include "standard/ckhandlerref.h"

static ck_read_fn ELEM(qread)[ELEM(nqueues) > 0 ? ELEM(nqueues) : 1];
static ck_buf ELEM(qbuf);

static int ELEM(aqm_queues_init)(ck_errh *errh)
{
    if (ELEM(queue_problem)[0])
        return ck_error(errh, "%s", ELEM(queue_problem));
    for (int i = 0; i < ELEM(nqueues); i++)
        if (!(ELEM(qread)[i] = ck_find_read_handler(ELEM(queue_names)[i], "length")))
            return ck_error(errh, "'%s' is not a Storage element", ELEM(queue_names)[i]);
    ck_buf_init(&ELEM(qbuf));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_buf_free(&ELEM(qbuf));
#ifdef CK_AQM_CLEANUP
    CK_AQM_CLEANUP();
#endif
}

static int ELEM(queue_size)(void)
{
    int s = 0;
    for (int i = 0; i < ELEM(nqueues); i++)
        s += (int)ck_read_handler_long(ELEM(qread)[i], &ELEM(qbuf));
    return s;
}

static CK_UNUSED int ELEM(read_queues)(ck_buf *out)
{
    for (int i = 0; i < ELEM(nqueues); i++)
        ck_buf_printf(out, "%s\n", ELEM(queue_names)[i]);
    return 0;
}
