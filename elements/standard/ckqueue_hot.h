/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md) for a queue template: the oldest
 * packet for a successor (ELEM(hot_drain)), and the take of a predecessor's packets in order,
 * those beyond this queue's capacity counted as drops with their reason (Click's
 * SimpleQueue::take_state keeps the oldest packets that fit).  The template defines, before
 * including it: QUEUE_HOT_POP() (the oldest packet or NULL), QUEUE_HOT_PUT(p) (0 when stored,
 * nonzero when full), QUEUE_HOT_DROPPED() (count one drop) and QUEUE_HOT_HIGHWATER() (note the
 * length); the threads are stopped. */
#ifdef CK_HOT
static CK_UNUSED ck_packet *ELEM(hot_drain)(void) { return QUEUE_HOT_POP(); }

static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_packet *p;
    while (old->drain && (p = old->drain()) != NULL)
        if (QUEUE_HOT_PUT(p) != 0) {
            QUEUE_HOT_DROPPED();
            ck_drop(p, ELEMENT_INDEX, "queue full after hotconfig");
        }
    QUEUE_HOT_HIGHWATER();
    return 0;
}
#endif
#undef QUEUE_HOT_POP
#undef QUEUE_HOT_PUT
#undef QUEUE_HOT_DROPPED
#undef QUEUE_HOT_HIGHWATER
