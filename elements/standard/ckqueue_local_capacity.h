/* The `capacity` write handler of the queues whose storage is standard/ckqueue_local.h and
 * that keep the oldest packets when the capacity shrinks (Queue and its NotifierQueue family,
 * MixedQueue; per instance, included after ckqueue_local.h).  It also rewrites CAPACITY in the
 * `config` handler's text, as Click's reconfigure_keyword_handler, and wakes the sources
 * sleeping on a full queue (QUEUE_FULL_WAKE) when room is left.  A template whose local array
 * is shared by several threads under a lock (MixedQueue on a ring) defines
 * CK_QUEUE_CAPACITY_IDLE_ONLY: the capacity then changes only while the threads do not run. */
/* Click's SimpleQueue::live_reconfigure: keep the oldest packets that fit, free the rest. */
static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    uint32_t v;
    if (ck_arg_queue_capacity(errh, value, &v) < 0)
        return -1;
#ifdef CK_QUEUE_CAPACITY_IDLE_ONLY
    if (ck_threads_running())
        return ck_error(errh, "capacity cannot change while the router's threads run");
#endif
    uint32_t ncap = (uint32_t)v;
    (void)ck_element_reconfigure_keyword(ELEMENT_INDEX, 0, "CAPACITY", value); /* `config` */
    if (ncap == ELEM(cap))
        return 0;
    ck_packet **nq = calloc((size_t)ncap + 1, sizeof(ck_packet *));
    if (!nq)
        return ck_error(errh, "out of memory");
    uint32_t i = ELEM(head), j = 0;
    for (; i != ELEM(tail) && j != ncap; i = ELEM(next_i)(i))
        nq[j++] = ELEM(q)[i];
    for (; i != ELEM(tail); i = ELEM(next_i)(i))
        ck_packet_kill(ELEM(q)[i]);
    free(ELEM(q));
    ELEM(q) = nq;
    ELEM(head) = 0;
    ELEM(tail) = j;
    ELEM(cap) = ncap;
    if (j < ncap)
        QUEUE_FULL_WAKE(); /* Click's FullNoteQueue::live_reconfigure */
    return 0;
}
