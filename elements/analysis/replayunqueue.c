/* ReplayUnqueue([STOP, STOP_TIME, QUICK_CLONE, BURST, VERBOSE, FREEONTERMINATE, LIMIT, ACTIVE,
 * USE_SIGNAL, TIMING, TIMING_FNT]): FastClick's elements/analysis/replay.cc (ReplayBase and
 * ReplayUnqueue).
 *
 * Its first task run loads the inputs: it pulls every input in turn, keeps the packet with the
 * earliest timestamp (the lowest input on a tie), paints it with its input's number (the PAINT
 * annotation) and appends it to a list in memory, until an input gives no packet or LIMIT
 * packets are loaded; the packets left pulled are freed.  FastClick's messages: "Loading NAME
 * with N inputs." and "NAME : Successfully loaded N packets. Input I dried out." (I -1 when
 * LIMIT ended it).  USE_SIGNAL is accepted, but loading always stops at the first input that
 * gives no packet (FastClick keeps pulling while that input's upstream is not empty).
 *
 * Each later run pushes up to BURST clones of the next packets of the list to output 0; at
 * the end of the list a loop ends: STOP (negative: no end) counts down, and at 0 the element
 * turns inactive and asks the router to stop (Click's please_stop_driver).  With STOP_TIME,
 * a loop that ends STOP_TIME seconds or more after the first packet was sent stops too (also
 * checked in a run that sent nothing).  With FREEONTERMINATE false the last loop pushes the
 * loaded packets themselves.  VERBOSE reports each loop with FastClick's messages.
 *
 * TIMING N > 0 paces the packets at N% of the speed of their timestamps, from the first packet
 * of each loop (or since `active` was written): a packet not yet due ends the run, which the
 * scheduler repeats (FastClick spins for waits under 10 us; clickc's task returns, so the
 * simulated clock of --simtime can move).  TIMING_FNT (TinyExpr) is refused.
 *
 * The element counts as an active source (ck_source_active) while it is active with loops
 * left, so the router does not stop for quiescence in between.
 * Concurrency: one thread (the spec names no policy). */
#define CK_REPLAY_CLASS "ReplayUnqueue"
#define CK_REPLAY_TIMING 1
#include "analysis/ckreplay.h"
#undef CK_REPLAY_TIMING

static CK_UNUSED int ELEM(run_task)(void)
{
    if (!ELEM(ready)())
        return 0;
    int64_t now = ELEM(timing) > 0 ? ck_monotonic_ns() : 0;
    uint32_t n = 0;
    while (ELEM(cur) && n < (uint32_t)CONF(BURST)) {
        ck_packet *p = ELEM(cur);
        if (ELEM(timing) > 0) {
            int64_t due = p->ts_ns - ELEM(timing_packet);
            int64_t gone = (now - ELEM(timing_real)) * (int64_t)ELEM(timing) / 100;
            if (due - gone > 0)
                break;
        }
        ck_packet *q = ELEM(take)();
        n++;
        if (q)
            OUTPUT(0, q);
    }
    ELEM(end_loop)(n == 0);
    return (int)n;
}

CK_DATA_READ(timing, ELEM(timing));
CK_DATA_WRITE_UINT(timing, ELEM(timing), UINT32_MAX, "expected unsigned integer");
