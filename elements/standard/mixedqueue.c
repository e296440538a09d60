/* MixedQueue([CAPACITY]): Click's elements/standard/mixedqueue.cc, a NotifierQueue whose input
 * 0 enqueues at the tail (first-in first-out) and input 1 at the head (last-in first-out).
 * Full: a packet on input 0 is the drop; a packet on input 1 still enters at the head and the
 * packet at the tail (the one that would leave last) is the drop.  A drop leaves on output 1
 * when that output exists, else it is freed and counted with reason "queue full"; the first
 * prints "NAME :: MixedQueue: overflow".  A push that makes the queue non-empty wakes the
 * tasks sleeping on it (empty notifier).  Handlers as Queue (standard/ckqueue_local.h and the
 * shared write handlers).  CAPACITY 0: the arriving packet is the drop (Click hands on a stale
 * slot of its empty ring there).
 * clickc run -R: the packets move, in the order they would leave, to and from the queues of
 * the SimpleQueue family (Click's SimpleQueue::take_state; standard/ckqueue_hot.h).
 *
 * Storage: always the plain array of standard/ckqueue_local.h, since the LIFO input moves the
 * head the puller reads.  When the placement puts its pushers and its puller on different
 * threads (QUEUE_RING not local; Click asks the user to synchronize them), a mutex guards the
 * array in push and pull, and `capacity` changes only while the threads do not run. */
#include <pthread.h>
#include "ring.h"
#include "ckargs.h"
#ifndef QUEUE_WAKE
#define QUEUE_WAKE() ((void)0)
#define QUEUE_WAKE_DEFAULTED
#endif
#ifndef QUEUE_FULL_WAKE
#define QUEUE_FULL_WAKE() ((void)0)
#define QUEUE_FULL_WAKE_DEFAULTED
#endif
#if defined(QUEUE_RING) && QUEUE_RING != CK_RING_LOCAL
static pthread_mutex_t ELEM(lock) = PTHREAD_MUTEX_INITIALIZER;
#define CK_QUEUE_LOCK() pthread_mutex_lock(&ELEM(lock))
#define CK_QUEUE_UNLOCK() pthread_mutex_unlock(&ELEM(lock))
#define CK_QUEUE_CAPACITY_IDLE_ONLY
#else
#define CK_QUEUE_LOCK() ((void)0)
#define CK_QUEUE_UNLOCK() ((void)0)
#endif

#define CK_QUEUE_CLASS "MixedQueue"
#include "standard/ckqueue_local.h"

static inline uint32_t ELEM(prev_i)(uint32_t i) { return i == 0 ? ELEM(cap) : i - 1; }

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    ck_packet *drop = NULL;
    CK_QUEUE_LOCK();
    uint32_t h = ELEM(head), t = ELEM(tail);
    int was_empty = h == t;
    if (CK_UNLIKELY(ELEM(cap) == 0))
        drop = p; /* Click hands on a stale slot here; clickc drops the arriving packet */
    else if (port == 0) {
        uint32_t nt = ELEM(next_i)(t);
        if (nt == h)
            drop = p;
        else {
            ELEM(q)[t] = p;
            ELEM(tail) = nt;
        }
    } else {
        uint32_t ph = ELEM(prev_i)(h);
        if (ph == t) { /* full: the packet at the tail makes room */
            t = ELEM(prev_i)(t);
            drop = ELEM(q)[t];
            ELEM(tail) = t;
        }
        ELEM(q)[ph] = p;
        ELEM(head) = ph;
    }
    uint32_t s = ELEM(size)();
    if (s > ELEM(highwater))
        ELEM(highwater) = s;
    CK_QUEUE_UNLOCK();
    if (was_empty && s > 0)
        QUEUE_WAKE();
    if (drop)
        ELEM(overflow)(drop);
}

#include "standard/ckqueue_array_hot.h"

/* Nothing queued (a sleeping listener's check, run on this queue's thread). */
static CK_UNUSED int ELEM(empty)(void) { return ELEM(head) == ELEM(tail); }

#include "standard/ckdata.h"
CK_DATA_READ_STRING(notifier_state, ELEM(size)() > 0 ? "nonempty true" : "nonempty false");

#include "standard/ckqueue_local_capacity.h"
#include "standard/ckqueue_local_reset.h"
#undef CK_QUEUE_LOCK
#undef CK_QUEUE_UNLOCK
#ifdef CK_QUEUE_CAPACITY_IDLE_ONLY
#undef CK_QUEUE_CAPACITY_IDLE_ONLY
#endif
#ifdef QUEUE_WAKE_DEFAULTED
#undef QUEUE_WAKE
#undef QUEUE_WAKE_DEFAULTED
#endif
#ifdef QUEUE_FULL_WAKE_DEFAULTED
#undef QUEUE_FULL_WAKE
#undef QUEUE_FULL_WAKE_DEFAULTED
#endif
