/* MultiReplayUnqueue([STOP, STOP_TIME, QUICK_CLONE, BURST, VERBOSE, FREEONTERMINATE, LIMIT,
 * ACTIVE, USE_SIGNAL]): FastClick's elements/analysis/multireplay.cc.  The loading, the loops,
 * STOP, STOP_TIME, FREEONTERMINATE and the handlers are ReplayUnqueue's (analysis/ckreplay.h,
 * described in analysis/replayunqueue.c); each run pushes up to BURST clones, each to the
 * output of the input its packet was loaded from (its PAINT annotation), as fast as possible.
 * Concurrency: one thread (the spec names no policy). */
#define CK_REPLAY_CLASS "MultiReplayUnqueue"
#include "analysis/ckreplay.h"

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(ready)())
        return 0;
    uint32_t n = 0;
    while (ELEM(cur) && n < (uint32_t)CONF(BURST)) {
        int port = ELEM(cur)->anno[PAINT_ANNO_OFFSET];
        ck_packet *q = ELEM(take)();
        n++;
        if (q)
            OUTPUT(port, q);
    }
    ELEM(end_loop)(n == 0);
    return (int)n;
}
