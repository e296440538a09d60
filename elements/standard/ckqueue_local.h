/* The plain-array storage of Queue and FrontDropQueue when both ends are on one thread
 * (QUEUE_RING == CK_RING_LOCAL; per instance): the ring of capacity + 1 slots and its
 * counters, init and cleanup, ELEM(overflow) (a packet leaving because the queue was full:
 * output 1, or freed and counted; the first one prints "NAME :: CLASS: overflow", CLASS
 * defaulting to CK_QUEUE_CLASS, which the template defines) and the read handlers length,
 * highwater_length, capacity and drops, and the pull (the oldest packet, or NULL when empty;
 * it calls QUEUE_FULL_WAKE() when the template defines that: Queue's full notifier).
 * The templates keep their own push and write handlers.  A template whose ends may run on
 * different threads with this storage (MixedQueue) defines CK_QUEUE_LOCK() and
 * CK_QUEUE_UNLOCK() first: the pull then holds that lock. */
#ifndef CK_QUEUE_LOCK
#define CK_QUEUE_LOCK() ((void)0)
#define CK_QUEUE_UNLOCK() ((void)0)
#define CK_QUEUE_LOCK_DEFAULTED
#endif
/* Click's NotifierQueue signal state, kept only when a NotifierDebug shows it (queue.c,
 * QUEUE_SIGNAL_STATE): a pull that gets a packet and one that finds none. */
#ifndef QUEUE_PULL_GOT
#define QUEUE_PULL_GOT() ((void)0)
#define QUEUE_PULL_DRY() ((void)0)
#define QUEUE_PULL_HOOKS_DEFAULTED
#endif
#include "standard/ckoutput.h"
static ck_packet **ELEM(q);  /* capacity + 1 slots */
static uint32_t ELEM(cap);   /* capacity */
static uint32_t ELEM(head);  /* next to dequeue */
static uint32_t ELEM(tail);  /* next free slot */
static uint32_t ELEM(highwater);
static uint64_t ELEM(drops);

static inline uint32_t ELEM(next_i)(uint32_t i) { return i == ELEM(cap) ? 0 : i + 1; }

static inline uint32_t ELEM(size)(void)
{
    return ELEM(tail) >= ELEM(head) ? ELEM(tail) - ELEM(head) : ELEM(cap) + 1 - ELEM(head) + ELEM(tail);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(cap) = (uint32_t)CONF(CAPACITY);
    if (ELEM(cap) >= UINT32_MAX / sizeof(ck_packet *))
        return ck_error(errh, "CAPACITY too large");
    ELEM(q) = calloc((size_t)ELEM(cap) + 1, sizeof(ck_packet *));
    if (!ELEM(q))
        return ck_error(errh, "out of memory");
    ELEM(head) = ELEM(tail) = 0;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (!ELEM(q))
        return;
    while (ELEM(head) != ELEM(tail)) {
        ck_packet_kill(ELEM(q)[ELEM(head)]);
        ELEM(head) = ELEM(next_i)(ELEM(head));
    }
    free(ELEM(q));
    ELEM(q) = NULL;
}

static CK_UNUSED void ELEM(overflow)(ck_packet *p)
{
    if (ELEM(drops) == 0 && ELEM(cap) > 0) {
        const char *cls = ck_current_router ? ck_current_router->elements[ELEMENT_INDEX].class_name
                                            : CK_QUEUE_CLASS;
        ck_chatter("%s :: %s: overflow", ELEMENT_NAME, cls);
    }
    ELEM(drops)++;
    CK_OUTPUT1_OR_DROP(p, "queue full");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    CK_QUEUE_LOCK();
    uint32_t h = ELEM(head);
    if (h == ELEM(tail)) {
        QUEUE_PULL_DRY();
        CK_QUEUE_UNLOCK();
        return NULL;
    }
    ck_packet *p = ELEM(q)[h];
    ELEM(head) = ELEM(next_i)(h);
    QUEUE_PULL_GOT();
    CK_QUEUE_UNLOCK();
#ifdef QUEUE_FULL_WAKE
    QUEUE_FULL_WAKE(); /* room again: Click's FullNoteQueue::pull_success */
#endif
    return p;
}

/* The yank operations below work (a Queue between threads has none: queue.c). */
static CK_UNUSED int ELEM(yank_local)(void) { return 1; }

/* Click's SimpleQueue::yank1: removes and returns the packet nearest the head for which
 * match(p, arg) is nonzero (NULL when none does); the packets before it keep their order.
 * The caller owns the packet.  Used by QueueYankTest (elements/test/queueyanktest.c). */
static CK_UNUSED ck_packet *ELEM(yank1)(int (*match)(const ck_packet *, void *), void *arg)
{
    for (uint32_t i = ELEM(head); i != ELEM(tail); i = ELEM(next_i)(i)) {
        if (!match(ELEM(q)[i], arg))
            continue;
        ck_packet *p = ELEM(q)[i];
        /* close the gap by moving the older packets one slot towards the tail */
        for (uint32_t j = i; j != ELEM(head);) {
            uint32_t before = j == 0 ? ELEM(cap) : j - 1;
            ELEM(q)[j] = ELEM(q)[before];
            j = before;
        }
        ELEM(head) = ELEM(next_i)(ELEM(head));
        return p;
    }
    return NULL;
}

/* Click's SimpleQueue::yank: removes every packet for which match(p, arg) is nonzero and
 * stores them in out[], newest first (as Click's yank appends them); the others keep their
 * order.  out must have room for the queue's length.  Returns the number removed. */
static CK_UNUSED uint32_t ELEM(yank)(int (*match)(const ck_packet *, void *), void *arg,
                                     ck_packet **out)
{
    uint32_t n = 0, keep = ELEM(tail);
    for (uint32_t i = ELEM(tail); i != ELEM(head);) {
        i = i == 0 ? ELEM(cap) : i - 1;
        ck_packet *p = ELEM(q)[i];
        if (match(p, arg))
            out[n++] = p;
        else {
            keep = keep == 0 ? ELEM(cap) : keep - 1;
            ELEM(q)[keep] = p;
        }
    }
    ELEM(head) = keep;
    return n;
}

#include "standard/ckdata.h"
CK_DATA_READ(length, ELEM(size)());
CK_DATA_READ(highwater_length, ELEM(highwater));
CK_DATA_READ(capacity, ELEM(cap));
CK_DATA_READ(drops, ELEM(drops));
#undef CK_QUEUE_CLASS
#ifdef QUEUE_PULL_HOOKS_DEFAULTED
#undef QUEUE_PULL_GOT
#undef QUEUE_PULL_DRY
#undef QUEUE_PULL_HOOKS_DEFAULTED
#endif
#ifdef CK_QUEUE_LOCK_DEFAULTED
#undef CK_QUEUE_LOCK
#undef CK_QUEUE_UNLOCK
#undef CK_QUEUE_LOCK_DEFAULTED
#endif
