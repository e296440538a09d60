/* The write handlers reset_counts and reset of Queue and FrontDropQueue when both ends are on
 * one thread (QUEUE_RING == CK_RING_LOCAL; per instance), included after the template's pull
 * (which reset drains) and standard/ckqueue_local.h (the counters). */
static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(drops) = 0;
    ELEM(highwater) = ELEM(size)();
    return 0;
}

/* Click's SimpleQueue::reset: every queued packet leaves through output 1 when it exists,
 * else it is freed (counted with reason "queue reset"). */
static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ck_packet *p;
    while ((p = ELEM(pull)(0)) != NULL) {
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "queue reset");
    }
    return 0;
}
