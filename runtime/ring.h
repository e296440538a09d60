/*
 * Rings of packet pointers between threads (docs/runtime.md, "Rings"), header-only so that a
 * Queue's push and pull inline into the generated router.
 *
 * The compiler knows which threads push into and pull from every Queue and picks the cheapest
 * correct ring (QUEUE_RING, docs/c-interface.md):
 *
 *   CK_RING_LOCAL  pushers and pullers on one thread: the plain array of elements/standard/
 *                  queue.c, no atomics at all (not in this file).
 *   CK_RING_SPSC   one pushing thread, one pulling thread: ck_spsc, a lock-free ring whose
 *                  producer and consumer indices sit on their own cache lines, each side keeping
 *                  a cached copy of the other's index so that it reads the shared line only when
 *                  the ring looks full (producer) or empty (consumer).
 *   CK_RING_MPSC   several pushing threads, one pulling thread: ck_vring, a bounded ring in
 *                  which producers claim a position with compare-and-swap on the shared tail and
 *                  publish each slot through a per-slot sequence number (D. Vyukov's bounded
 *                  MPMC queue, 2010, used with a single consumer that needs no atomic
 *                  read-modify-write: ck_vring_dequeue_sc).
 *   CK_RING_MPMC   several pulling threads: the same ck_vring, consumers claiming with
 *                  compare-and-swap too (ck_vring_dequeue_mc); lock-free, never blocks.
 *
 * Both rings hold exactly `capacity` packets (Click's CAPACITY: the slot array is the next power
 * of two, and a push is refused when `tail - head` reaches the capacity), use free-running 32-bit
 * indices, and keep FIFO order per producer (a producer's positions are claimed in its program
 * order and the consumer takes positions in order).
 *
 * SMP Click section 4.5 ("the dequeue code pretends that the queue is empty until either eight
 * packets have been enqueued, or a short time has elapsed"): ck_ring_defer decides, on the
 * consumer side, whether a pull that finds fewer than CK_RING_BATCH packets waiting pretends the
 * ring is empty. The "short time" is counted in polls (CK_RING_DEFER_POLLS consecutive pulls that
 * saw a short ring), not read from a clock, so an idle consumer costs no clock read; every
 * scheduler round polls each queue at least once, so a deferred packet waits at most
 * CK_RING_DEFER_POLLS rounds of its consumer's thread.
 *
 * Memory orders: a producer writes the slot, then publishes it with a release store (of tail in
 * ck_spsc, of the slot's sequence number in ck_vring); a consumer reads the publication with an
 * acquire load before reading the slot, and hands the slot back with a release store (head, or
 * the sequence number) that the producer reads with acquire before reusing it.
 */
#ifndef CLICKC_RING_H
#define CLICKC_RING_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>

#include "clickc.h"

/* Ring kinds (QUEUE_RING values; usable in #if). */
#define CK_RING_LOCAL 0
#define CK_RING_SPSC 1
#define CK_RING_MPSC 2
#define CK_RING_MPMC 3

/* SMP Click 4.5: a consumer waits for this many packets before it takes any ... */
#ifndef CK_RING_BATCH
#define CK_RING_BATCH 8
#endif
/* ... or for this many polls that found between 1 and CK_RING_BATCH - 1 packets (0 turns the
 * rule off; -DCK_RING_DEFER_POLLS=0 is for measurements). */
#ifndef CK_RING_DEFER_POLLS
#define CK_RING_DEFER_POLLS 4
#endif

/* Back-pressure for file sources (compiler/backend/backpressure.py, docs/passes.md): the task
 * of a source that reads a file does not run while a ring between threads that its packets
 * reach has room for fewer than CK_RING_BACKPRESSURE_ROOM packets (the whole ring when it is
 * smaller), or, behind an element two threads share that may hold packets, emits that many and
 * then waits until the ring is empty.  -DCK_RING_BACKPRESSURE=0 turns the waits off (the queue drops when full); so
 * does --adapt (docs/runtime.md, "Back-pressure for file sources"). */
#ifndef CK_RING_BACKPRESSURE
#ifdef CK_ADAPT_SPEC /* --adapt moves tasks at run time and judges a move by the drops it causes */
#define CK_RING_BACKPRESSURE 0
#else
#define CK_RING_BACKPRESSURE 1
#endif
#endif
#ifndef CK_RING_BACKPRESSURE_ROOM
#define CK_RING_BACKPRESSURE_ROOM 64
#endif

#define CK_CACHE_LINE 64

/* One pause of a spin-wait (x86 PAUSE, ARM YIELD). */
static inline void ck_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#else
    atomic_signal_fence(memory_order_seq_cst);
#endif
}

/* Slots for `capacity` packets: the next power of two (at least 2). */
static inline uint32_t ck_ring_slots(uint32_t capacity)
{
    uint32_t n = 2;
    while (n < capacity)
        n <<= 1;
    return n;
}

/* ---- SMP Click 4.5 deferral (consumer side) -------------------------------------------------- */

/* Whether a consumer that sees `avail` packets should pretend the ring is empty; `*polls` is
 * the consumer's private count of consecutive short polls. */
static inline int ck_ring_defer(uint32_t avail, uint32_t *polls)
{
    if (avail == 0) {
        *polls = 0;
        return 1;
    }
    if (avail < CK_RING_BATCH && *polls < CK_RING_DEFER_POLLS) {
        ++*polls;
        return 1;
    }
    *polls = 0;
    return 0;
}

/* ---- SPSC ------------------------------------------------------------------------------------ */

typedef struct ck_spsc {
    /* producer's line */
    _Alignas(CK_CACHE_LINE) _Atomic uint32_t tail; /* next position to fill */
    uint32_t head_cache;                           /* producer's copy of head */
    /* consumer's line */
    _Alignas(CK_CACHE_LINE) _Atomic uint32_t head; /* next position to take */
    uint32_t tail_cache;                           /* consumer's copy of tail */
    uint32_t defer_polls;                          /* ck_ring_defer state */
    /* read-only after init */
    _Alignas(CK_CACHE_LINE) ck_packet **slots;
    uint32_t mask, capacity;
} ck_spsc;

/* Returns 0, or -1 when memory ran out. */
static inline int ck_spsc_init(ck_spsc *r, uint32_t capacity)
{
    uint32_t n = ck_ring_slots(capacity);
    r->slots = calloc(n, sizeof *r->slots);
    if (!r->slots)
        return -1;
    r->mask = n - 1;
    r->capacity = capacity;
    atomic_init(&r->tail, 0);
    atomic_init(&r->head, 0);
    r->head_cache = r->tail_cache = r->defer_polls = 0;
    return 0;
}

static inline void ck_spsc_destroy(ck_spsc *r)
{
    free(r->slots);
    r->slots = NULL;
}

/* Producer: enqueue up to n packets; returns how many went in (the first ones, in order). */
static inline uint32_t ck_spsc_enqueue_burst(ck_spsc *r, ck_packet *const *pp, uint32_t n)
{
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    uint32_t room = r->capacity - (t - r->head_cache);
    if (room < n) {
        r->head_cache = atomic_load_explicit(&r->head, memory_order_acquire);
        room = r->capacity - (t - r->head_cache);
        if (room < n)
            n = room;
    }
    for (uint32_t i = 0; i < n; i++)
        r->slots[(t + i) & r->mask] = pp[i];
    atomic_store_explicit(&r->tail, t + n, memory_order_release);
    return n;
}

/* Producer: enqueue one packet; 0 on success, -1 when full. */
static inline int ck_spsc_enqueue(ck_spsc *r, ck_packet *p)
{
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    if (CK_UNLIKELY(t - r->head_cache >= r->capacity)) {
        r->head_cache = atomic_load_explicit(&r->head, memory_order_acquire);
        if (t - r->head_cache >= r->capacity)
            return -1;
    }
    r->slots[t & r->mask] = p;
    atomic_store_explicit(&r->tail, t + 1, memory_order_release);
    return 0;
}

/* Producer: 1 when fewer than n (<= capacity) packets fit now.  Reads the consumer's line only
 * when its cached copy of head says so: a producer that asks before every packet (a file
 * source's back-pressure, compiler/backend/backpressure.py) does not pull the consumer's line
 * to its CPU each time the consumer takes a packet. */
static inline int ck_spsc_short_of_room(ck_spsc *r, uint32_t n)
{
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    if (CK_LIKELY(r->capacity - (t - r->head_cache) >= n))
        return 0;
    r->head_cache = atomic_load_explicit(&r->head, memory_order_acquire);
    return r->capacity - (t - r->head_cache) < n;
}

/* Producer: enqueue one packet only while at least `reserve` slots stay free after it (room
 * kept for entries the producer still owes, e.g. elements/threads/ckorder.h's END marks); 0 on
 * success, -1 when it would leave fewer. */
static inline int ck_spsc_enqueue_reserve(ck_spsc *r, ck_packet *p, uint32_t reserve)
{
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_relaxed);
    if (CK_UNLIKELY(t - r->head_cache + reserve >= r->capacity)) {
        r->head_cache = atomic_load_explicit(&r->head, memory_order_acquire);
        if (t - r->head_cache + reserve >= r->capacity)
            return -1;
    }
    r->slots[t & r->mask] = p;
    atomic_store_explicit(&r->tail, t + 1, memory_order_release);
    return 0;
}

/* Consumer: packets it may take without reading the producer's line again, refreshing its
 * view of tail (and applying the 4.5 deferral) when it has none. `defer` = 0 takes whatever is
 * there. */
static inline uint32_t ck_spsc_available(ck_spsc *r, int defer)
{
    uint32_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    if (CK_LIKELY(r->tail_cache != h))
        return r->tail_cache - h;
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_acquire);
    if (defer && ck_ring_defer(t - h, &r->defer_polls))
        return 0;
    r->tail_cache = t;
    return t - h;
}

/* Consumer: dequeue up to n packets into pp; returns how many. */
static inline uint32_t ck_spsc_dequeue_burst(ck_spsc *r, ck_packet **pp, uint32_t n, int defer)
{
    uint32_t avail = ck_spsc_available(r, defer);
    if (n > avail)
        n = avail;
    uint32_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    for (uint32_t i = 0; i < n; i++)
        pp[i] = r->slots[(h + i) & r->mask];
    if (n)
        atomic_store_explicit(&r->head, h + n, memory_order_release);
    return n;
}

/* Consumer: dequeue one packet, or NULL. */
static inline ck_packet *ck_spsc_dequeue(ck_spsc *r, int defer)
{
    if (!ck_spsc_available(r, defer))
        return NULL;
    uint32_t h = atomic_load_explicit(&r->head, memory_order_relaxed);
    ck_packet *p = r->slots[h & r->mask];
    atomic_store_explicit(&r->head, h + 1, memory_order_release);
    return p;
}

/* Packets in the ring as seen from any thread (a snapshot; 0..capacity). */
static inline uint32_t ck_spsc_length(ck_spsc *r)
{
    uint32_t h = atomic_load_explicit(&r->head, memory_order_acquire);
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_acquire);
    uint32_t n = t - h;
    return n > r->capacity ? (int32_t)n < 0 ? 0 : r->capacity : n;
}

/* ---- MPSC / MPMC (per-slot sequence numbers) ------------------------------------------------- */

typedef struct ck_vslot {
    _Atomic uint32_t seq; /* == position: free for the producer of that position;
                             == position + 1: holds that position's packet */
    ck_packet *p;
} ck_vslot;

typedef struct ck_vring {
    /* producers' line */
    _Alignas(CK_CACHE_LINE) _Atomic uint32_t tail;
    _Atomic uint32_t head_cache; /* producers' shared copy of head (a hint) */
    /* consumers' line */
    _Alignas(CK_CACHE_LINE) _Atomic uint32_t head;
    uint32_t defer_polls; /* single-consumer use only */
    _Alignas(CK_CACHE_LINE) ck_vslot *slots;
    uint32_t mask, capacity;
} ck_vring;

static inline int ck_vring_init(ck_vring *r, uint32_t capacity)
{
    uint32_t n = ck_ring_slots(capacity);
    r->slots = calloc(n, sizeof *r->slots);
    if (!r->slots)
        return -1;
    for (uint32_t i = 0; i < n; i++)
        atomic_init(&r->slots[i].seq, i);
    r->mask = n - 1;
    r->capacity = capacity;
    atomic_init(&r->tail, 0);
    atomic_init(&r->head, 0);
    atomic_init(&r->head_cache, 0);
    r->defer_polls = 0;
    return 0;
}

static inline void ck_vring_destroy(ck_vring *r)
{
    free(r->slots);
    r->slots = NULL;
}

/* Any thread: enqueue one packet; 0 on success, -1 when full. */
static inline int ck_vring_enqueue(ck_vring *r, ck_packet *p)
{
    uint32_t pos = atomic_load_explicit(&r->tail, memory_order_relaxed);
    for (;;) {
        if (CK_UNLIKELY(pos - atomic_load_explicit(&r->head_cache, memory_order_relaxed) >= r->capacity)) {
            uint32_t h = atomic_load_explicit(&r->head, memory_order_acquire);
            atomic_store_explicit(&r->head_cache, h, memory_order_relaxed);
            if (pos - h >= r->capacity && (int32_t)(pos - h) >= 0)
                return -1;
        }
        ck_vslot *s = &r->slots[pos & r->mask];
        uint32_t seq = atomic_load_explicit(&s->seq, memory_order_acquire);
        int32_t dif = (int32_t)(seq - pos);
        if (dif == 0) {
            if (atomic_compare_exchange_weak_explicit(&r->tail, &pos, pos + 1, memory_order_relaxed,
                                                      memory_order_relaxed)) {
                s->p = p;
                atomic_store_explicit(&s->seq, pos + 1, memory_order_release);
                return 0;
            }
            /* pos now holds the current tail */
        } else if (dif < 0) {
            return -1; /* that slot's previous packet is still being taken: full */
        } else {
            pos = atomic_load_explicit(&r->tail, memory_order_relaxed);
        }
    }
}

/* Single consumer: dequeue one packet, or NULL (`defer`: apply the 4.5 rule). */
static inline ck_packet *ck_vring_dequeue_sc(ck_vring *r, int defer)
{
    uint32_t pos = atomic_load_explicit(&r->head, memory_order_relaxed);
    ck_vslot *s = &r->slots[pos & r->mask];
    uint32_t seq = atomic_load_explicit(&s->seq, memory_order_acquire);
    if (seq != pos + 1) {
        r->defer_polls = 0;
        return NULL;
    }
    if (defer && r->defer_polls < CK_RING_DEFER_POLLS) {
        /* Only the first packet of a batch looks at the tail. */
        uint32_t avail = atomic_load_explicit(&r->tail, memory_order_relaxed) - pos;
        if (avail < CK_RING_BATCH && ck_ring_defer(avail, &r->defer_polls))
            return NULL;
        r->defer_polls = CK_RING_DEFER_POLLS; /* this batch is granted */
    }
    ck_packet *p = s->p;
    atomic_store_explicit(&s->seq, pos + r->mask + 1, memory_order_release);
    atomic_store_explicit(&r->head, pos + 1, memory_order_release);
    return p;
}

/* Several consumers: dequeue one packet, or NULL. */
static inline ck_packet *ck_vring_dequeue_mc(ck_vring *r)
{
    uint32_t pos = atomic_load_explicit(&r->head, memory_order_relaxed);
    for (;;) {
        ck_vslot *s = &r->slots[pos & r->mask];
        uint32_t seq = atomic_load_explicit(&s->seq, memory_order_acquire);
        int32_t dif = (int32_t)(seq - (pos + 1));
        if (dif == 0) {
            if (atomic_compare_exchange_weak_explicit(&r->head, &pos, pos + 1, memory_order_relaxed,
                                                      memory_order_relaxed)) {
                ck_packet *p = s->p;
                atomic_store_explicit(&s->seq, pos + r->mask + 1, memory_order_release);
                return p;
            }
        } else if (dif < 0) {
            return NULL; /* empty (or the next packet is still being written) */
        } else {
            pos = atomic_load_explicit(&r->head, memory_order_relaxed);
        }
    }
}

static inline uint32_t ck_vring_length(ck_vring *r)
{
    uint32_t h = atomic_load_explicit(&r->head, memory_order_acquire);
    uint32_t t = atomic_load_explicit(&r->tail, memory_order_acquire);
    uint32_t n = t - h;
    return (int32_t)n < 0 ? 0 : n > r->capacity ? r->capacity : n;
}

#endif /* CLICKC_RING_H */
