/* Queue([CAPACITY]): a first-in first-out ring of packet pointers (Click's SimpleQueue and
 * FullNoteQueue, elements/standard/simplequeue.cc). A push into a full queue is a drop: the
 * packet leaves on output 1 when that output exists, else it is freed and counted with reason
 * "queue full"; the first drop prints "NAME :: CLASS: overflow" as Click does. Handlers:
 * length, highwater_length, capacity (read/write; a write changes the `config` handler's text
 * as Click's reconfigure_keyword_handler), drops, reset_counts, reset.
 *
 * Storage by QUEUE_RING (docs/c-interface.md; the compiler knows which threads push and pull):
 * CK_RING_LOCAL (the default) is the plain array below, no atomics; CK_RING_SPSC, CK_RING_MPSC
 * and CK_RING_MPMC use runtime/ring.h's rings (ck_spsc, ck_vring), with the SMP Click 4.5
 * deferral on the single-consumer kinds. With a ring, counters other threads read are atomics
 * (relaxed: a handler sees a recent value), highwater_length is the largest length the puller
 * saw when it refilled its view of the ring (or CAPACITY once a push found the ring full), and
 * the write handlers `capacity` and `reset` refuse while the router's threads run (they would
 * race with the pushing and pulling threads); after the run, and in -q, they work as Click's. */
#ifndef QUEUE_RING
#define QUEUE_RING CK_RING_LOCAL
#define QUEUE_RING_DEFAULTED
#endif
/* Empty notifier (Click's NotifierQueue): the template defines QUEUE_WAKE() when tasks on this
 * Queue's thread sleep while it is empty (compiler/backend/notifier.py); a push into the empty
 * queue wakes them.  Only a local ring has sleepers: pushers and the task share the thread. */
#ifndef QUEUE_WAKE
#define QUEUE_WAKE() ((void)0)
#define QUEUE_WAKE_DEFAULTED
#endif
/* Full notifier (Click's FullNoteQueue): the template defines QUEUE_FULL_WAKE() when sources on
 * this Queue's thread sleep while it is full (compiler/backend/notifier.py); a pull, a reset or
 * a larger capacity that leaves room wakes them (standard/ckqueue_local.h's pull). */
#ifndef QUEUE_FULL_WAKE
#define QUEUE_FULL_WAKE() ((void)0)
#define QUEUE_FULL_WAKE_DEFAULTED
#endif
#include "ring.h"
#include "ckargs.h"

#define CK_QUEUE_CLASS "Queue"
#if QUEUE_RING == CK_RING_LOCAL
#ifdef QUEUE_SIGNAL_STATE
/* A NotifierDebug shows this Queue's empty signal (compiler/backend/notifier.py): kept as
 * Click's NotifierQueue keeps it, active until a pull finds the queue empty after
 * QUEUE_SLEEPINESS (Click's SLEEPINESS_TRIGGER) empty pulls in a row, active again when a
 * push makes it non-empty.  clickc's own sleeping does not read it. */
#define QUEUE_SLEEPINESS 9
static uint32_t ELEM(sleepiness);
static int ELEM(signal_off);
#define QUEUE_PULL_GOT() ((void)(ELEM(sleepiness) = 0))
#define QUEUE_PULL_DRY()                                                                      \
    ((void)(ELEM(sleepiness) >= QUEUE_SLEEPINESS ? (ELEM(signal_off) = 1) : ELEM(sleepiness)++))
static CK_UNUSED int ELEM(signal_active)(void) { return !ELEM(signal_off); }
#endif
#include "standard/ckqueue_local.h"

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    uint32_t h = ELEM(head), t = ELEM(tail), nt = ELEM(next_i)(t);
    if (CK_LIKELY(nt != h)) {
        ELEM(q)[t] = p;
        ELEM(tail) = nt;
        uint32_t s = ELEM(size)();
        if (s > ELEM(highwater))
            ELEM(highwater) = s;
        if (h == t) {
            QUEUE_WAKE();
#ifdef QUEUE_SIGNAL_STATE
            ELEM(signal_off) = 0;
#endif
        }
    } else
        ELEM(overflow)(p);
}

/* Nothing queued (a sleeping listener's check, run on this queue's thread). */
static CK_UNUSED int ELEM(empty)(void) { return ELEM(head) == ELEM(tail); }

/* No room (a sleeping source's check; Click's full notifier sleeps when a push fills the
 * queue, so a queue of capacity 0 never counts as full). */
static CK_UNUSED int ELEM(full)(void) { return ELEM(cap) > 0 && ELEM(size)() >= ELEM(cap); }

static CK_UNUSED int ELEM(read_notifier_state)(ck_buf *out)
{
    ck_buf_printf(out, "nonempty %s\nnonfull %s", ELEM(size)() > 0 ? "true" : "false",
                  ELEM(size)() < ELEM(cap) ? "true" : "false");
    return 0;
}

#include "standard/ckqueue_local_capacity.h"
#include "standard/ckqueue_local_reset.h"

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot, docs/reconfiguration.md): the oldest packet, for a successor */
static CK_UNUSED ck_packet *ELEM(hot_drain)(void) { return ELEM(pull)(0); }

/* Take the predecessor's packets in order; those beyond this queue's capacity are drops. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_packet *p;
    while (old->drain && (p = old->drain()) != NULL) {
        uint32_t t = ELEM(tail), nt = ELEM(next_i)(t);
        if (nt != ELEM(head)) {
            ELEM(q)[t] = p;
            ELEM(tail) = nt;
        } else {
            ELEM(drops)++;
            ck_drop(p, ELEMENT_INDEX, "queue full after hotconfig");
        }
    }
    if (ELEM(size)() > ELEM(highwater))
        ELEM(highwater) = ELEM(size)();
    return 0;
}
#endif

#else /* a ring between threads */

#if QUEUE_RING == CK_RING_SPSC
static ck_spsc ELEM(r);
#define QUEUE_R_INIT ck_spsc_init
#define QUEUE_R_DESTROY ck_spsc_destroy
#define QUEUE_R_LENGTH ck_spsc_length
#define QUEUE_R_SHORT_OF_ROOM ck_spsc_short_of_room
#else
static ck_vring ELEM(r);
#define QUEUE_R_INIT ck_vring_init
#define QUEUE_R_DESTROY ck_vring_destroy
#define QUEUE_R_LENGTH ck_vring_length
#endif
#include "standard/ckqueue_ring_state.h"

static inline uint32_t ELEM(size)(void) { return QUEUE_R_LENGTH(&ELEM(r)); }
static CK_UNUSED int ELEM(empty)(void) { return ELEM(size)() == 0; }

/* QueueYankTest's yank operations (standard/ckqueue_local.h) need the Queue on one thread:
 * between threads there are none (ELEM(yank_local) is 0 and QueueYankTest refuses). */
static CK_UNUSED int ELEM(yank_local)(void) { return 0; }
static CK_UNUSED ck_packet *ELEM(yank1)(int (*match)(const ck_packet *, void *), void *arg)
{
    (void)match, (void)arg;
    return NULL;
}
static CK_UNUSED uint32_t ELEM(yank)(int (*match)(const ck_packet *, void *), void *arg,
                                     ck_packet **out)
{
    (void)match, (void)arg, (void)out;
    return 0;
}

static void ELEM(note_highwater)(uint32_t s)
{
    if (s > ELEM(cap))
        s = ELEM(cap);
    uint32_t hw = atomic_load_explicit(&ELEM(highwater), memory_order_relaxed);
    while (s > hw &&
           !atomic_compare_exchange_weak_explicit(&ELEM(highwater), &hw, s, memory_order_relaxed,
                                                  memory_order_relaxed))
        ;
}

/* Pull without the 4.5 deferral (reset, cleanup). */
static ck_packet *ELEM(take)(void)
{
#if QUEUE_RING == CK_RING_SPSC
    return ck_spsc_dequeue(&ELEM(r), 0);
#elif QUEUE_RING == CK_RING_MPSC
    return ck_vring_dequeue_sc(&ELEM(r), 0);
#else
    return ck_vring_dequeue_mc(&ELEM(r));
#endif
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    ck_packet_mark_crossing(p); /* its buffer's count becomes atomic from now on */
#if QUEUE_RING == CK_RING_SPSC
    int full = ck_spsc_enqueue(&ELEM(r), p);
#else
    int full = ck_vring_enqueue(&ELEM(r), p);
#endif
    if (CK_UNLIKELY(full)) {
        ELEM(note_highwater)(ELEM(cap)); /* a push found the ring full */
        ELEM(overflow)(p);
    }
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
#if QUEUE_RING == CK_RING_SPSC
    uint32_t old = ELEM(r).tail_cache;
    ck_packet *p = ck_spsc_dequeue(&ELEM(r), 1);
    if (ELEM(r).tail_cache != old) /* the puller refilled its view: note the length it saw */
        ELEM(note_highwater)(ELEM(r).tail_cache - atomic_load_explicit(&ELEM(r).head, memory_order_relaxed) + (p != NULL));
    return p;
#elif QUEUE_RING == CK_RING_MPSC
    uint32_t before = ELEM(r).defer_polls;
    ck_packet *p = ck_vring_dequeue_sc(&ELEM(r), 1);
    if (p && before != CK_RING_DEFER_POLLS) /* the first packet of a batch */
        ELEM(note_highwater)(ck_vring_length(&ELEM(r)) + 1);
    return p;
#else
    ck_packet *p = ck_vring_dequeue_mc(&ELEM(r));
    if (p)
        ELEM(note_highwater)(ck_vring_length(&ELEM(r)) + 1);
    return p;
#endif
}

static CK_UNUSED int ELEM(read_notifier_state)(ck_buf *out)
{
    uint32_t s = ELEM(size)();
    ck_buf_printf(out, "nonempty %s\nnonfull %s", s > 0 ? "true" : "false", s < ELEM(cap) ? "true" : "false");
    return 0;
}

/* Click's SimpleQueue::live_reconfigure (keep the oldest packets that fit, free the rest);
 * only while no other thread runs. */
static CK_UNUSED int ELEM(write_capacity)(const char *value, ck_errh *errh)
{
    uint32_t v;
    if (ck_arg_queue_capacity(errh, value, &v) < 0)
        return -1;
    if (ck_threads_running())
        return ck_error(errh, "capacity cannot change while the router's threads run");
    uint32_t ncap = (uint32_t)v;
    (void)ck_element_reconfigure_keyword(ELEMENT_INDEX, 0, "CAPACITY", value); /* `config` */
    if (ncap == ELEM(cap))
        return 0;
    __typeof__(ELEM(r)) nr;
    if (QUEUE_R_INIT(&nr, ncap) < 0)
        return ck_error(errh, "out of memory");
    ck_packet *p;
    while ((p = ELEM(take)()) != NULL) {
#if QUEUE_RING == CK_RING_SPSC
        int full = ck_spsc_enqueue(&nr, p);
#else
        int full = ck_vring_enqueue(&nr, p);
#endif
        if (full)
            ck_packet_kill(p);
    }
    QUEUE_R_DESTROY(&ELEM(r));
    ELEM(r) = nr;
    ELEM(cap) = ncap;
    return 0;
}

#include "standard/ckqueue_ring.h"

#ifdef CK_HOT
/* clickc run -R (ElementSpec.hot): the oldest packet, for a successor; the threads are stopped */
static CK_UNUSED ck_packet *ELEM(hot_drain)(void) { return ELEM(take)(); }

/* Take the predecessor's packets in order; those beyond this ring's capacity are drops. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    ck_packet *p;
    while (old->drain && (p = old->drain()) != NULL) {
        ck_packet_mark_crossing(p);
#if QUEUE_RING == CK_RING_SPSC
        int full = ck_spsc_enqueue(&ELEM(r), p);
#else
        int full = ck_vring_enqueue(&ELEM(r), p);
#endif
        if (full) {
            atomic_fetch_add_explicit(&ELEM(drops), 1, memory_order_relaxed);
            ck_drop(p, ELEMENT_INDEX, "queue full after hotconfig");
        }
    }
    ELEM(note_highwater)(ELEM(size)());
    return 0;
}
#endif
#endif /* QUEUE_RING */
#ifdef QUEUE_RING_DEFAULTED
#undef QUEUE_RING
#undef QUEUE_RING_DEFAULTED
#endif
#ifdef QUEUE_WAKE_DEFAULTED
#undef QUEUE_WAKE
#undef QUEUE_WAKE_DEFAULTED
#endif
#ifdef QUEUE_FULL_WAKE_DEFAULTED
#undef QUEUE_FULL_WAKE
#undef QUEUE_FULL_WAKE_DEFAULTED
#endif
#ifdef QUEUE_SIGNAL_STATE
#undef QUEUE_SIGNAL_STATE
#undef QUEUE_SLEEPINESS
#undef QUEUE_PULL_GOT
#undef QUEUE_PULL_DRY
#endif
