/* FrontDropQueue([CAPACITY]): a first-in first-out queue that, when full, drops the packet at
 * its head (the oldest) to make room for the new one (Click's
 * elements/standard/frontdropqueue.cc). The dropped packet leaves on output 1 when that output
 * exists, else it is freed and counted with reason "queue full"; the first drop prints
 * "NAME :: FrontDropQueue: overflow" as Click does. Handlers: length, highwater_length,
 * capacity (read/write: a smaller capacity keeps the newest packets, as Click's
 * live_reconfigure does), drops, reset_counts, reset, notifier_state.
 *
 * CAPACITY 0: Click hands on a stale slot of its empty ring there; clickc drops the arriving
 * packet instead (the only packet there is), counted as a drop.
 *
 * Storage by QUEUE_RING (docs/c-interface.md): CK_RING_LOCAL (the default) is the plain array
 * below; any other kind uses runtime/ring.h's ck_vring with compare-and-swap on both ends,
 * because a push into a full queue takes the oldest packet itself (the pusher acts as a second
 * puller). Counters are then atomics read with relaxed loads; highwater_length is what pushers
 * saw after their enqueue; `capacity` and `reset` refuse while the router's threads run. */
#ifndef QUEUE_RING
#define QUEUE_RING CK_RING_LOCAL
#define QUEUE_RING_DEFAULTED
#endif
#include "ring.h"
#include "ckargs.h"

#define CK_QUEUE_CLASS "FrontDropQueue"
#if QUEUE_RING == CK_RING_LOCAL
#include "standard/ckqueue_local.h"

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (CK_UNLIKELY(ELEM(cap) == 0)) {
        ELEM(overflow)(p);
        return;
    }
    uint32_t t = ELEM(tail), nt = ELEM(next_i)(t);
    if (CK_UNLIKELY(nt == ELEM(head))) {
        /* full: the head (slot nt) leaves first; Click counts the drop after sending it */
        ck_packet *old = ELEM(q)[nt];
        ELEM(head) = ELEM(next_i)(nt);
        ELEM(overflow)(old);
    }
    ELEM(q)[t] = p;
    ELEM(tail) = nt;
    uint32_t s = ELEM(size)();
    if (s > ELEM(highwater))
        ELEM(highwater) = s;
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(notifier_state, ELEM(size)() > 0 ? "nonempty true" : "nonempty false");

/* Click's FrontDropQueue::live_reconfigure: keep the newest packets that fit (the ring is
 * rebuilt so that they end at the last slot), free the older ones. */
static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    uint32_t v;
    if (ck_arg_queue_capacity(errh, value, &v) < 0)
        return -1;
    uint32_t ncap = (uint32_t)v;
    if (ncap == ELEM(cap))
        return 0;
    ck_packet **nq = calloc((size_t)ncap + 1, sizeof(ck_packet *));
    if (!nq)
        return ck_error(errh, "out of memory");
    uint32_t i = ELEM(tail), j = ncap;
    while (j != 0 && i != ELEM(head)) {
        i = i == 0 ? ELEM(cap) : i - 1;
        nq[--j] = ELEM(q)[i];
    }
    while (i != ELEM(head)) {
        i = i == 0 ? ELEM(cap) : i - 1;
        ck_packet_kill(ELEM(q)[i]);
    }
    free(ELEM(q));
    ELEM(q) = nq;
    ELEM(head) = j;
    ELEM(tail) = ncap;
    ELEM(cap) = ncap;
    return 0;
}

#include "standard/ckqueue_local_reset.h"

#include "standard/ckqueue_array_hot.h"

#else /* a ring between threads */

static ck_vring ELEM(r);
#include "standard/ckqueue_ring_state.h"

#define QUEUE_R_INIT ck_vring_init
#define QUEUE_R_DESTROY ck_vring_destroy

static inline uint32_t ELEM(size)(void) { return ck_vring_length(&ELEM(r)); }

/* A push into the full ring takes the oldest packet itself, so every dequeue is multi-consumer. */
static ck_packet *ELEM(take)(void) { return ck_vring_dequeue_mc(&ELEM(r)); }

static CK_UNUSED void ELEM(note_highwater)(void)
{
    uint32_t s = ck_vring_length(&ELEM(r)), hw = atomic_load_explicit(&ELEM(highwater), memory_order_relaxed);
    while (s > hw && !atomic_compare_exchange_weak_explicit(&ELEM(highwater), &hw, s, memory_order_relaxed,
                                                            memory_order_relaxed))
        ;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (CK_UNLIKELY(ELEM(cap) == 0)) {
        ELEM(overflow)(p);
        return;
    }
    ck_packet_mark_crossing(p); /* its buffer's count becomes atomic from now on */
    while (CK_UNLIKELY(ck_vring_enqueue(&ELEM(r), p) < 0)) {
        /* full: the oldest packet leaves first */
        ck_packet *old = ck_vring_dequeue_mc(&ELEM(r));
        if (old)
            ELEM(overflow)(old);
    }
    ELEM(note_highwater)();
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return ck_vring_dequeue_mc(&ELEM(r));
}

#include "standard/ckdata.h"
CK_DATA_READ_STRING(notifier_state, ELEM(size)() > 0 ? "nonempty true" : "nonempty false");

/* Click's FrontDropQueue::live_reconfigure (keep the newest packets that fit); only while no
 * other thread runs. */
static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    uint32_t v;
    if (ck_arg_queue_capacity(errh, value, &v) < 0)
        return -1;
    if (ck_threads_running())
        return ck_error(errh, "capacity cannot change while the router's threads run");
    uint32_t ncap = (uint32_t)v;
    if (ncap == ELEM(cap))
        return 0;
    ck_vring nr;
    if (ck_vring_init(&nr, ncap) < 0)
        return ck_error(errh, "out of memory");
    uint32_t n = ck_vring_length(&ELEM(r));
    ck_packet *p;
    while ((p = ck_vring_dequeue_mc(&ELEM(r))) != NULL) {
        if (n-- > ncap || ck_vring_enqueue(&nr, p) < 0)
            ck_packet_kill(p);
    }
    ck_vring_destroy(&ELEM(r));
    ELEM(r) = nr;
    ELEM(cap) = ncap;
    return 0;
}

#include "standard/ckqueue_ring.h"

#define QUEUE_HOT_POP() ck_vring_dequeue_mc(&ELEM(r))
#define QUEUE_HOT_PUT(p) (ck_packet_mark_crossing(p), ELEM(cap) == 0 || ck_vring_enqueue(&ELEM(r), (p)) < 0)
#define QUEUE_HOT_DROPPED() atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed)
#define QUEUE_HOT_HIGHWATER() ELEM(note_highwater)()
#include "standard/ckqueue_hot.h"
#endif /* QUEUE_RING */
#ifdef QUEUE_RING_DEFAULTED
#undef QUEUE_RING
#undef QUEUE_RING_DEFAULTED
#endif
