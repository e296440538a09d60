/* Unqueue2([BURST, QUEUES, QUIET]): a task that pulls packets from its input and pushes them to
 * its output (Click's elements/standard/unqueue2.cc).  Each run pulls at most BURST packets (0:
 * no limit), and at most the free room (capacity - length) of the fullest queue of
 * ELEM(queue_names) (QUEUES, or the queues first reached downstream, found by
 * standard/unqueue2.py): nothing while one of them is full.  The queues are read through their
 * `length` and `capacity` handlers.  Handler packets: "N packets". */
#include "standard/ckhandlerref.h"

static ck_read_fn ELEM(qlen)[ELEM(nqueues) > 0 ? ELEM(nqueues) : 1];
static ck_read_fn ELEM(qcap)[ELEM(nqueues) > 0 ? ELEM(nqueues) : 1];
static ck_buf ELEM(qbuf);
static int32_t ELEM(burst);
static uint32_t ELEM(count);

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(burst) = (int32_t)CONF(BURST);
    if (ELEM(burst) == 0)
        ELEM(burst) = INT32_MAX;
    for (int i = 0; i < ELEM(nqueues); i++) {
        ELEM(qlen)[i] = ck_find_read_handler(ELEM(queue_names)[i], "length");
        ELEM(qcap)[i] = ck_find_read_handler(ELEM(queue_names)[i], "capacity");
        if (!ELEM(qlen)[i] || !ELEM(qcap)[i])
            return ck_error(errh, "bad QUEUES");
    }
    ck_buf_init(&ELEM(qbuf));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_buf_free(&ELEM(qbuf));
}

static CK_UNUSED int ELEM(run_task)(void)
{
    long limit = ELEM(burst);
    for (int i = 0; i < ELEM(nqueues); i++) {
        long space = ck_read_handler_long(ELEM(qcap)[i], &ELEM(qbuf))
                     - ck_read_handler_long(ELEM(qlen)[i], &ELEM(qbuf));
        if (limit < 0 || space < limit)
            limit = space;
    }
    int worked = 0;
    while (worked < limit) {
        ck_packet *p = INPUT_PULL(0);
        if (!p)
            break;
        ++worked;
        ++ELEM(count);
        OUTPUT(0, p);
    }
    return worked;
}

static CK_UNUSED int ELEM(read_packets)(ck_buf *out)
{
    ck_buf_printf(out, "%u packets\n", ELEM(count));
    return 0;
}
