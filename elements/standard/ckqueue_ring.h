/* The ring storage of Queue and FrontDropQueue between threads (QUEUE_RING other than
 * CK_RING_LOCAL; per instance): init and cleanup, the read handlers length, highwater_length,
 * capacity and drops, the write handlers reset_counts and reset (Click's SimpleQueue::reset:
 * every queued packet leaves through output 1 when it exists, else it is freed and counted
 * with reason "queue reset"; only while no other thread runs), and ELEM(short_of_room) for
 * back-pressure.  The template declares ELEM(r),
 * includes standard/ckqueue_ring_state.h (ELEM(cap), the atomics ELEM(highwater) and
 * ELEM(drops)), defines ELEM(size)() and ELEM(take)() (a dequeue without the SMP Click 4.5
 * deferral), and defines QUEUE_R_INIT and QUEUE_R_DESTROY (the ring's init and destroy), and
 * may define QUEUE_R_SHORT_OF_ROOM(r, n) (the producer's test for room, from its cached view
 * of the consumer's index), which this file #undefs at its end with QUEUE_R_LENGTH. */
static int
ELEM(init)(ck_errh *errh)
{
    ELEM(cap) = (uint32_t)CONF(CAPACITY);
    if (ELEM(cap) >= UINT32_MAX / 4)
        return ck_error(errh, "CAPACITY too large");
    if (QUEUE_R_INIT(&ELEM(r), ELEM(cap)) < 0)
        return ck_error(errh, "out of memory");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_packet *p;
    while ((p = ELEM(take)()) != NULL)
        ck_packet_kill(p);
    QUEUE_R_DESTROY(&ELEM(r));
}

#include "standard/ckdata.h"
CK_DATA_READ(length, ELEM(size)());
CK_DATA_READ(highwater_length, atomic_load_explicit(&ELEM(highwater), memory_order_relaxed));
CK_DATA_READ(capacity, ELEM(cap));
CK_DATA_READ(drops, (unsigned long long)atomic_load_explicit(&ELEM(drops), memory_order_relaxed));

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    atomic_store_explicit(&ELEM(drops), 0, memory_order_relaxed);
    atomic_store_explicit(&ELEM(highwater), ELEM(size)(), memory_order_relaxed);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value;
    if (ck_threads_running())
        return ck_error(errh, "reset cannot run while the router's threads run");
    ck_packet *p;
    while ((p = ELEM(take)()) != NULL) {
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "queue reset");
    }
    return 0;
}
/* Back-pressure (compiler/backend/backpressure.py): 1 when fewer than `n` packets (at most the
 * capacity) fit in the ring now, so a file source whose packets reach this queue waits for the
 * consumer's thread before its next run instead of overflowing the queue. */
static CK_UNUSED int ELEM(short_of_room)(uint32_t n)
{
    uint32_t cap = ELEM(cap);
#ifdef QUEUE_R_SHORT_OF_ROOM /* the producer's own view (the source's thread is the producer) */
    return QUEUE_R_SHORT_OF_ROOM(&ELEM(r), n < cap ? n : cap);
#else
    return ELEM(size)() + (n < cap ? n : cap) > cap;
#endif
}
#undef QUEUE_R_INIT
#undef QUEUE_R_SHORT_OF_ROOM
#undef QUEUE_R_DESTROY
#undef QUEUE_R_LENGTH
