/* OrderSplit(GROUP [, CAPACITY, INLINE, BACKLOG]): the front of an ordered region (clickc's
 * ordered replication, threads/ckorder.h).  Output K leads to replica K.  Each packet goes to
 * the queued replica with the fewest unfinished inputs; with INLINE, output 0 is a replica on
 * this thread, which takes the packet when every queued replica has BACKLOG or more waiting
 * (the front's thread works on the region only when the others are busy: no fixed shares).
 * The choice is recorded in the group's order ring before the push, so OrderMerge knows whose
 * outputs come next; a full ring (CAPACITY packets in flight) drops the packet, counted in
 * drops and with reason "reorder window full".  Several threads executing this instance
 * (ELEMENT_NTHREADS > 1: a path that loops back through the front) take turns on a spinlock
 * held across the choice, the record and the push, so the ring keeps one producer. */
#include "threads/ckorder.h"

static uint64_t ELEM(drops);

static int
ELEM(init)(ck_errh *errh)
{
    if (CK_ORDER_CHECK_GROUP(CONF(GROUP), errh) < 0)
        return -1;
    if (CONF(INLINE) && NOUTPUTS < 1)
        return ck_error(errh, "INLINE needs an output");
    return ck_order_setup(&ck_orders[CONF(GROUP)], (uint32_t)NOUTPUTS, (uint32_t)CONF(CAPACITY),
                          errh);
}

static void
ELEM(cleanup)(void)
{
    if ((uint64_t)CONF(GROUP) < (uint64_t)CK_ORDER_GROUPS)
        ck_order_cleanup(&ck_orders[CONF(GROUP)]);
}

/* The replica for the next packet (see the top of this file). */
static inline uint32_t ELEM(choose)(ck_order *g)
{
    const uint32_t first = CONF(INLINE) ? 1u : 0u;
    const uint64_t backlog = CONF(BACKLOG);
    uint32_t k = first;
    uint64_t best = UINT64_MAX;
    for (uint32_t i = first; i < (uint32_t)NOUTPUTS; i++) {
        uint64_t b = ck_order_backlog(g, i, CONF(INLINE) ? backlog : 1);
        if (b < best) {
            best = b;
            k = i;
        }
    }
    if (CONF(INLINE) && (first >= (uint32_t)NOUTPUTS || best >= backlog))
        k = 0;
    return k;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_order *g = &ck_orders[CONF(GROUP)];
#if ELEMENT_NTHREADS > 1
    while (atomic_exchange_explicit(&g->lock, 1, memory_order_acquire))
        ck_cpu_relax();
#endif
    uint32_t k = ELEM(choose)(g);
    if (CK_UNLIKELY(ck_spsc_enqueue(&g->order, ck_order_tag(k)) < 0)) {
        ELEM(drops)++;
        ck_drop(p, ELEMENT_INDEX, "reorder window full");
    } else {
        g->split[k].sent++;
        g->passed++;
        OUTPUT((int)k, p);
    }
#if ELEMENT_NTHREADS > 1
    atomic_store_explicit(&g->lock, 0, memory_order_release);
#endif
}

#include "standard/ckdata.h"
CK_DATA_READ(drops, ELEM(drops));
