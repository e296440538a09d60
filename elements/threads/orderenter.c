/* OrderEnter(GROUP, REPLICA): the head of replica REPLICA of an ordered region (clickc's
 * ordered replication, threads/ckorder.h).  The push runs the replica to completion; what it
 * sends to the group's OrderMerge is then all there is of this packet, and the END mark says
 * so (the merge moves on to the next packet's replica).  done counts the finished packets for
 * OrderSplit's choice of the least busy replica. */
#include "threads/ckorder.h"

static int
ELEM(init)(ck_errh *errh)
{
    return CK_ORDER_CHECK_GROUP(CONF(GROUP), errh);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_order *g = &ck_orders[CONF(GROUP)];
    const uint32_t k = (uint32_t)CONF(REPLICA);
    if (CK_UNLIKELY(k >= g->nrep)) {
        ck_drop(p, ELEMENT_INDEX, "REPLICA outside its OrderSplit's outputs");
        return;
    }
    OUTPUT(0, p);
    /* room for this mark is kept by OrderMerge (ckorder.h, "Bounds") */
    if (CK_UNLIKELY(ck_spsc_enqueue(&g->out[k], CK_ORDER_END) < 0))
        ck_chatter("%s :: OrderEnter: reorder ring overflow (more packets in flight than the "
                   "group's CAPACITY)", ELEMENT_NAME);
    ck_order_replica *r = &g->rep[k];
    atomic_store_explicit(&r->done, atomic_load_explicit(&r->done, memory_order_relaxed) + 1,
                          memory_order_release);
}
