/* CPUQueue([CAPACITY]): one FIFO of CAPACITY packets (128 by default) per thread of the router
 * (Click's elements/standard/cpuqueue.cc: one per CPU); a push enqueues on the pushing thread's
 * queue, or drops the packet ("queue full", counted by `drops`) when that queue is full; a pull
 * takes the first packet found starting from the queue after the one last served, round
 * robin.  Each queue is a single-producer ring (its thread writes the tail, the puller the
 * head); with ELEMENT_NTHREADS > 1 the indexes are published with release/acquire ordering and
 * the packets marked as crossing threads.  Handlers: capacity, drops. */
#include <stdatomic.h>

typedef struct ELEM(ring) {
    ck_packet **slot;
    _Atomic uint32_t head, tail;
} ELEM(ring);

static ELEM(ring) *ELEM(q);
static uint32_t ELEM(nq), ELEM(size), ELEM(last);
static atomic_ulong ELEM(drops);

#if ELEMENT_NTHREADS > 1
#define CPUQ_ACQ memory_order_acquire
#define CPUQ_REL memory_order_release
#else
#define CPUQ_ACQ memory_order_relaxed
#define CPUQ_REL memory_order_relaxed
#endif

static int
ELEM(init)(ck_errh *errh)
{
    int n = ck_current_router && ck_current_router->nthreads > 0 ? ck_current_router->nthreads : 1;
    ELEM(nq) = (uint32_t)n;
    ELEM(size) = (uint32_t)CONF(CAPACITY) + 1;
    ELEM(q) = calloc(ELEM(nq), sizeof *ELEM(q));
    if (!ELEM(q))
        return ck_error(errh, "out of memory!");
    for (uint32_t i = 0; i < ELEM(nq); i++)
        if (!(ELEM(q)[i].slot = calloc(ELEM(size), sizeof(ck_packet *))))
            return ck_error(errh, "out of memory!");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; ELEM(q) && i < ELEM(nq); i++) {
        ELEM(ring) *r = &ELEM(q)[i];
        for (uint32_t j = atomic_load(&r->head); j != atomic_load(&r->tail);
             j = (j + 1) % ELEM(size))
            ck_drop(r->slot[j], ELEMENT_INDEX, "held at exit");
        free(r->slot);
    }
    free(ELEM(q));
    ELEM(q) = NULL;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ELEM(ring) *r = &ELEM(q)[(uint32_t)ck_thread_id % ELEM(nq)];
    uint32_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
    uint32_t next = (tail + 1) % ELEM(size);
    if (next == atomic_load_explicit(&r->head, CPUQ_ACQ)) {
        atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed);
        ck_drop(p, ELEMENT_INDEX, "queue full");
        return;
    }
#if ELEMENT_NTHREADS > 1
    ck_packet_mark_crossing(p);
#endif
    r->slot[tail] = p;
    atomic_store_explicit(&r->tail, next, CPUQ_REL);
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    uint32_t n = ELEM(last);
    for (uint32_t i = 0; i < ELEM(nq); i++) {
        ELEM(ring) *r = &ELEM(q)[n];
        n = n + 1 == ELEM(nq) ? 0 : n + 1;
        uint32_t head = atomic_load_explicit(&r->head, memory_order_relaxed);
        if (head != atomic_load_explicit(&r->tail, CPUQ_ACQ)) {
            ck_packet *p = r->slot[head];
            atomic_store_explicit(&r->head, (head + 1) % ELEM(size), CPUQ_REL);
            ELEM(last) = n;
            return p;
        }
    }
    return NULL;
}

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): the packets in the order this
 * element's pulls take them, for a successor; the threads are stopped. */
static CK_UNUSED ck_packet *ELEM(hot_drain)(void) { return ELEM(pull)(0); }

/* Take the predecessor's packets in that order into the rings, the taking thread's first
 * (every ring is written here by the one thread running: the router's threads are stopped and
 * start after the swap), each ring up to the capacity; the rest are drops with their reason. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_packet *p;
    uint32_t i = (uint32_t)ck_thread_id % ELEM(nq), tried = 0;
    while (old->drain && (p = old->drain()) != NULL) {
        for (; tried < ELEM(nq); tried++, i = (i + 1) % ELEM(nq)) {
            ELEM(ring) *r = &ELEM(q)[i];
            uint32_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
            if ((tail + 1) % ELEM(size) != atomic_load_explicit(&r->head, memory_order_relaxed)) {
#if ELEMENT_NTHREADS > 1
                ck_packet_mark_crossing(p);
#endif
                r->slot[tail] = p;
                atomic_store_explicit(&r->tail, (tail + 1) % ELEM(size), CPUQ_REL);
                break;
            }
        }
        if (tried == ELEM(nq)) {
            atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed);
            ck_drop(p, ELEMENT_INDEX, "queue full after hotconfig");
        }
    }
    return 0;
}
#endif
#undef CPUQ_ACQ
#undef CPUQ_REL

#include "standard/ckdata.h"
CK_DATA_READ(capacity, ELEM(size) - 1);
CK_DATA_READ(drops, (unsigned long long)atomic_load_explicit(&ELEM(drops), memory_order_relaxed));
