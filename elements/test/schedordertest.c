/* SchedOrderTest(ID [, SIZE, STOP, LIMIT]): a task that records its ID each time it runs, in
 * one buffer shared by all SchedOrderTest elements of the router (Click's
 * elements/test/schedordertest.cc and its router attachment), of the largest SIZE given
 * (default 1024 entries).  It runs LIMIT times (0: without limit); when the buffer is full it
 * records nothing more and, with STOP, stops the router.  The `order` handler (on any of them)
 * prints the IDs in run order, separated by spaces, ending with a newline.  Unlike Click,
 * whose task keeps running after the buffer fills, a task with nothing left to record reports
 * no work, so a router with only such tasks ends. */
#ifndef CK_SCHEDORDERTEST_SHARED
#define CK_SCHEDORDERTEST_SHARED
static int *ck_sot_buf, *ck_sot_pos, *ck_sot_end;
static int32_t ck_sot_size;

/* The shared buffer, made at the first run (every instance has declared its SIZE by then). */
static CK_UNUSED int ck_sot_alloc(void)
{
    if (ck_sot_buf)
        return 0;
    int32_t n = ck_sot_size > 0 ? ck_sot_size : 1024;
    ck_sot_buf = calloc((size_t)n, sizeof(int));
    if (!ck_sot_buf)
        return -1;
    ck_sot_pos = ck_sot_buf;
    ck_sot_end = ck_sot_buf + n;
    return 0;
}
#endif

static uint32_t ELEM(count);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    if ((int32_t)CONF(SIZE) > ck_sot_size)
        ck_sot_size = (int32_t)CONF(SIZE);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ck_sot_buf);
    ck_sot_buf = ck_sot_pos = ck_sot_end = NULL;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if ((uint32_t)CONF(LIMIT) != 0 && ELEM(count) >= (uint32_t)CONF(LIMIT))
        return 0;
    if (ck_sot_alloc() < 0)
        return 0;
    int worked = 0;
    if (ck_sot_pos < ck_sot_end) {
        *ck_sot_pos++ = (int)CONF(ID);
        worked = 1;
    } else if (CONF(STOP))
        ck_router_stop();
    ELEM(count)++;
    return worked;
}

static CK_UNUSED int ELEM(read_order)(ck_buf *out)
{
    if (!ck_sot_buf)
        return 0;
    for (const int *x = ck_sot_buf; x < ck_sot_pos; x++)
        ck_buf_printf(out, x + 1 < ck_sot_pos ? "%d " : "%d\n", *x);
    return 0;
}
