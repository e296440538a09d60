/* MultiReplay([QUEUE, STOP, STOP_TIME, QUICK_CLONE, BURST, VERBOSE, FREEONTERMINATE, LIMIT,
 * ACTIVE, USE_SIGNAL]): FastClick's elements/analysis/multireplay.cc (MultiReplay).  The
 * loading, the loops, STOP, STOP_TIME, FREEONTERMINATE and the handlers are ReplayUnqueue's
 * (analysis/ckreplay.h, described in analysis/replayunqueue.c).  Each output has a ring of
 * QUEUE slots, which holds QUEUE - 1 packets (FastClick's SPSCDynamicRing keeps one slot
 * free; QUEUE below 2 is refused at configuration).  The task moves up to BURST clones, each
 * into the ring of the output of the input its packet was loaded from (its PAINT
 * annotation); the run ends at the first packet whose ring is full, whatever room the other
 * rings have.  A pull on output i takes the oldest packet of ring i, or returns nothing.
 * Packets still in the rings at the end are freed.
 * Concurrency: one thread (the spec names no policy). */
typedef struct ELEM(ring) {
    ck_packet **slot;
    uint32_t head, count;
} ELEM(ring);
static ELEM(ring) ELEM(rings)[NOUTPUTS];
static uint32_t ELEM(held); /* packets a ring holds at most: QUEUE - 1 */
static void ELEM(free_rings)(void);
#define CK_REPLAY_CLASS "MultiReplay"
#define CK_REPLAY_EXTRA_CLEANUP ELEM(free_rings)
#include "analysis/ckreplay.h"

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    ELEM(ring) *r = &ELEM(rings)[port];
    if (!r->count)
        return NULL;
    ck_packet *p = r->slot[r->head];
    r->head = (r->head + 1) % ELEM(held);
    r->count--;
    return p;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(held)) {
        uint32_t held = (uint32_t)CONF(QUEUE) - 1;
        for (int i = 0; i < NOUTPUTS; i++)
            if (!ELEM(rings)[i].slot
                && !(ELEM(rings)[i].slot = calloc(held, sizeof(ck_packet *))))
                return 0;
        ELEM(held) = held;
    }
    if (!ELEM(ready)())
        return 0;
    uint32_t n = 0;
    while (ELEM(cur) && n < (uint32_t)CONF(BURST)) {
        ELEM(ring) *r = &ELEM(rings)[ELEM(cur)->anno[PAINT_ANNO_OFFSET]];
        if (r->count >= ELEM(held))
            return (int)n;
        ck_packet *q = ELEM(take)();
        n++;
        if (q) {
            r->slot[(r->head + r->count) % ELEM(held)] = q;
            r->count++;
        }
    }
    ELEM(end_loop)(n == 0);
    return (int)n;
}

static void ELEM(free_rings)(void)
{
    for (int i = 0; i < NOUTPUTS; i++) {
        ELEM(ring) *r = &ELEM(rings)[i];
        while (r->count) {
            ck_packet_kill(r->slot[r->head]);
            r->head = (r->head + 1) % ELEM(held);
            r->count--;
        }
        free(r->slot);
        r->slot = NULL;
    }
    ELEM(held) = 0;
}
