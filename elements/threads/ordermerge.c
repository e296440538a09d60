/* OrderMerge(GROUP): the end of an ordered region (clickc's ordered replication,
 * threads/ckorder.h).  Input K, pushed on replica K's thread, appends to the group's ring
 * out[K], keeping one slot for the END mark the replica's OrderEnter still owes (a packet that
 * would take it is dropped: counted in drops, reason "reorder ring full").  The pull output
 * follows the order ring: it takes the recorded replica's packets until that replica's END
 * mark, then the next record's, and returns nothing while the replica whose turn it is has not
 * finished (later packets of other replicas wait for it).  One thread pulls. */
#include "threads/ckorder.h"

static _Atomic uint64_t ELEM(drops);

static int
ELEM(init)(ck_errh *errh)
{
    if (CK_ORDER_CHECK_GROUP(CONF(GROUP), errh) < 0)
        return -1;
    ck_order *g = &ck_orders[CONF(GROUP)];
    if (g->nrep && g->nrep != (uint32_t)NINPUTS)
        return ck_error(errh, "%d inputs, but the group's OrderSplit has %u outputs", NINPUTS,
                        g->nrep);
    g->merge_inputs = (uint32_t)NINPUTS;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if ((uint64_t)CONF(GROUP) < (uint64_t)CK_ORDER_GROUPS)
        ck_order_cleanup(&ck_orders[CONF(GROUP)]);
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    ck_order *g = &ck_orders[CONF(GROUP)];
    if (CK_UNLIKELY((uint32_t)port >= g->nrep)) {
        ck_drop(p, ELEMENT_INDEX, "no OrderSplit output for this input");
        return;
    }
#if ELEMENT_NTHREADS > 1
    ck_packet_mark_crossing(p); /* its buffer's count becomes atomic from now on */
#endif
    if (CK_UNLIKELY(ck_spsc_enqueue_reserve(&g->out[port], p, 1) < 0)) {
        atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed);
        ck_drop(p, ELEMENT_INDEX, "reorder ring full");
    }
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_order *g = &ck_orders[CONF(GROUP)];
    if (CK_UNLIKELY(!g->nrep))
        return NULL;
    for (;;) {
        if (g->cur < 0) {
            ck_packet *t = ck_spsc_dequeue(&g->order, 0);
            if (!t)
                return NULL;
            g->cur = (int)((uintptr_t)t - 1);
        }
        ck_packet *p = ck_spsc_dequeue(&g->out[g->cur], 0);
        if (!p)
            return NULL; /* the replica whose turn it is has not finished */
        if (p != CK_ORDER_END)
            return p;
        g->cur = -1;
        atomic_store_explicit(&g->merged,
                              atomic_load_explicit(&g->merged, memory_order_relaxed) + 1,
                              memory_order_relaxed);
    }
}

static CK_UNUSED int ELEM(read_length)(ck_buf *out)
{
    ck_order *g = &ck_orders[CONF(GROUP)];
    uint64_t n = 0;
    for (uint32_t k = 0; k < g->nrep; k++)
        n += ck_spsc_length(&g->out[k]);
    /* END marks are in the rings too: one per packet the split passed on and the merge has
     * not finished, minus those still in their replica */
    uint64_t marks = 0;
    for (uint32_t k = 0; k < g->nrep; k++)
        marks += atomic_load_explicit(&g->rep[k].done, memory_order_acquire);
    uint64_t merged = atomic_load_explicit(&g->merged, memory_order_relaxed);
    marks -= merged < marks ? merged : marks;
    ck_buf_printf(out, "%llu", (unsigned long long)(n > marks ? n - marks : 0));
    return 0;
}

static CK_UNUSED int ELEM(read_drops)(ck_buf *out)
{
    ck_buf_printf(out, "%llu",
                  (unsigned long long)atomic_load_explicit(&ELEM(drops), memory_order_relaxed));
    return 0;
}
