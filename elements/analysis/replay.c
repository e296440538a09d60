/* Replay([STOP, STOP_TIME, QUICK_CLONE, BURST, VERBOSE, FREEONTERMINATE, LIMIT, ACTIVE, QUEUE,
 * USE_SIGNAL]): FastClick's elements/analysis/replay.cc (ReplayBase and Replay).  The loading,
 * the loops, STOP, STOP_TIME, FREEONTERMINATE and the handlers are ReplayUnqueue's
 * (analysis/ckreplay.h, described in analysis/replayunqueue.c).  Replay's task moves up to BURST
 * clones at a time into a queue of QUEUE - 1 packets (FastClick's ring of QUEUE slots keeps one
 * free; QUEUE below 2 is refused at configuration), which every output's pull takes from
 * (FastClick's one ring for all outputs); a full queue ends the run.  A pull of an empty queue
 * returns nothing.  Packets still queued at the end are freed.
 * Concurrency: one thread (the spec names no policy). */
static ck_packet **ELEM(ring);
static uint32_t ELEM(rhead), ELEM(rcount), ELEM(qcap);
static void ELEM(free_ring)(void);
#define CK_REPLAY_CLASS "Replay"
#define CK_REPLAY_EXTRA_CLEANUP ELEM(free_ring)
#include "analysis/ckreplay.h"

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    if (!ELEM(rcount))
        return NULL;
    ck_packet *p = ELEM(ring)[ELEM(rhead)];
    ELEM(rhead) = (ELEM(rhead) + 1) % ELEM(qcap);
    ELEM(rcount)--;
    return p;
}

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(ring)) {
        ELEM(qcap) = (uint32_t)CONF(QUEUE) - 1;
        if (!(ELEM(ring) = calloc(ELEM(qcap), sizeof *ELEM(ring))))
            return 0;
    }
    if (!ELEM(ready)())
        return 0;
    uint32_t n = 0;
    while (ELEM(cur) && n < (uint32_t)CONF(BURST)) {
        if (ELEM(rcount) >= ELEM(qcap))
            return (int)n;
        ck_packet *q = ELEM(take)();
        n++;
        if (q) {
            ELEM(ring)[(ELEM(rhead) + ELEM(rcount)) % ELEM(qcap)] = q;
            ELEM(rcount)++;
        }
    }
    ELEM(end_loop)(n == 0);
    return (int)n;
}

static void ELEM(free_ring)(void)
{
    if (!ELEM(ring))
        return;
    while (ELEM(rcount)) {
        ck_packet_kill(ELEM(ring)[ELEM(rhead)]);
        ELEM(rhead) = (ELEM(rhead) + 1) % ELEM(qcap);
        ELEM(rcount)--;
    }
    free(ELEM(ring));
    ELEM(ring) = NULL;
}
