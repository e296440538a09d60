/* The per-instance body of FastClick's ReplayBase (elements/analysis/replay.cc), shared by
 * Replay, ReplayUnqueue and MultiReplayUnqueue (not guarded: compiled once per including
 * instance with its ELEM()).  The including file defines CK_REPLAY_CLASS, its class name (for
 * FastClick's %p{element} messages "NAME :: CLASS: ..."), CK_REPLAY_TIMING when it has TIMING
 * (ELEM(timing) is set from it), and may define CK_REPLAY_EXTRA_CLEANUP, a function its cleanup
 * calls too.  It provides the loaded list (ELEM(head), ELEM(cur)), the loading (ELEM(load)),
 * the start of a run (ELEM(ready)), the end of a loop (ELEM(end_loop)), the stop, the next
 * packet to send (ELEM(take)) and the handlers active, reset, loaded and stop. */
static ck_packet *ELEM(head), *ELEM(cur);
static int ELEM(active), ELEM(loaded), ELEM(counted);
static int32_t ELEM(stop);
static CK_UNUSED uint32_t ELEM(timing);
static int64_t ELEM(timing_packet), ELEM(timing_real), ELEM(startsent);

/* ck_source_active bookkeeping: counted while active with loops left. */
static void ELEM(account)(void)
{
    int want = ELEM(active) && ELEM(stop) != 0;
    if (want != ELEM(counted)) {
        ck_source_active(want ? 1 : -1);
        ELEM(counted) = want;
    }
}

static void ELEM(free_packets)(void)
{
    while (ELEM(head)) {
        ck_packet *next = ELEM(head)->next;
        ck_packet_kill(ELEM(head));
        ELEM(head) = next;
    }
    ELEM(cur) = NULL;
}

/* FastClick's reset_time: the pacing starts again from the current packet, now. */
static void ELEM(reset_time)(void)
{
    if (ELEM(cur)) {
        ELEM(timing_packet) = ELEM(cur)->ts_ns;
        ELEM(timing_real) = ck_monotonic_ns();
        if (!ELEM(startsent))
            ELEM(startsent) = ELEM(timing_real);
    }
}

static int ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ELEM(stop) = (int32_t)CONF(STOP);
#ifdef CK_REPLAY_TIMING
    ELEM(timing) = (uint32_t)CONF(TIMING);
#endif
    ELEM(account)();
    return 0;
}

static void ELEM(cleanup)(void)
{
    ELEM(free_packets)();
#ifdef CK_REPLAY_EXTRA_CLEANUP
    CK_REPLAY_EXTRA_CLEANUP();
#endif
    if (ELEM(counted))
        ck_source_active(-1);
    ELEM(counted) = 0;
}

static void ELEM(load)(void)
{
    ck_packet *pending[NINPUTS];
    ck_packet *tail = NULL;
    int dry = -1;
    int32_t count = 0;
    memset(pending, 0, sizeof pending);
    ck_chatter("Loading %s with %d inputs.", ELEMENT_NAME, NINPUTS);
    while (dry < 0 && (CONF(LIMIT) < 0 || count < CONF(LIMIT))) {
        int first = -1;
        for (int i = 0; i < NINPUTS; i++) {
            if (!pending[i] && !(pending[i] = INPUT_PULL(i))) {
                dry = i;
                break;
            }
            if (first < 0 || pending[i]->ts_ns < pending[first]->ts_ns)
                first = i;
        }
        if (dry >= 0)
            break;
        ck_packet *p = pending[first];
        pending[first] = NULL;
        p->anno[PAINT_ANNO_OFFSET] = (unsigned char)first;
        p->next = NULL;
        if (tail)
            tail->next = p;
        else
            ELEM(head) = p;
        tail = p;
        count++;
    }
    ck_chatter("%s : Successfully loaded %d packets. Input %d dried out.", ELEMENT_NAME,
               (int)count, dry);
    for (int i = 0; i < NINPUTS; i++)
        if (pending[i])
            ck_packet_kill(pending[i]);
    ELEM(loaded) = 1;
    ELEM(cur) = ELEM(head);
    ELEM(reset_time)();
}

static void ELEM(stop_now)(void)
{
    ck_router_stop();
    ELEM(active) = 0;
    ELEM(startsent) = 0;
    ELEM(account)();
}

/* The start of every run (FastClick's run_task): nothing while inactive, the inputs loaded on
 * the first run, the router stopped when no loop is left.  1 when the run may send. */
static int ELEM(ready)(void)
{
    if (!ELEM(active))
        return 0;
    if (!ELEM(loaded))
        ELEM(load)();
    if (ELEM(stop) == 0) {
        ELEM(stop_now)();
        return 0;
    }
    return 1;
}

/* FastClick's check_end_loop (`idle`: this run sent nothing). */
static void ELEM(end_loop)(int idle)
{
    int64_t secs = (ck_monotonic_ns() - ELEM(startsent)) / 1000000 / 1000;
    if (!ELEM(cur)) {
        ELEM(cur) = ELEM(head);
        ELEM(reset_time)();
        if (CONF(STOP_TIME) == 0) {
            if (CONF(VERBOSE))
                ck_chatter("%s :: " CK_REPLAY_CLASS ": Replay loop (%d loops left)", ELEMENT_NAME,
                           (int)ELEM(stop));
            if (ELEM(stop) > 0)
                ELEM(stop)--;
            if (ELEM(stop) == 0 && CONF(VERBOSE))
                ck_chatter("%s :: " CK_REPLAY_CLASS ": stopped because there is 0 loops left",
                           ELEMENT_NAME);
        } else if (secs >= CONF(STOP_TIME)) {
            if (CONF(VERBOSE))
                ck_chatter("Replay stopped after %d seconds (%d loops left)", (int)secs,
                           (int)ELEM(stop));
            ELEM(stop) = 0;
        } else {
            if (CONF(VERBOSE))
                ck_chatter("%s :: " CK_REPLAY_CLASS ": continue after %d/%d seconds (%d loops left)",
                           ELEMENT_NAME, (int)secs, (int)CONF(STOP_TIME), (int)ELEM(stop));
            if (ELEM(stop) > 0)
                ELEM(stop)--;
            if (ELEM(stop) == 0 && CONF(VERBOSE))
                ck_chatter("%s :: " CK_REPLAY_CLASS ": stopped early after %d/%d seconds because "
                           "there is 0 loops left", ELEMENT_NAME, (int)secs,
                           (int)CONF(STOP_TIME));
        }
        if (ELEM(stop) == 0)
            ELEM(stop_now)();
    } else if (CONF(STOP_TIME) > 0 && idle && secs >= CONF(STOP_TIME))
        ELEM(stop_now)();
}

/* The next packet to send, taken off the list: a clone, or on the last loop with
 * FREEONTERMINATE false the loaded packet itself.  NULL when a clone finds no memory (the
 * packet is skipped). */
static ck_packet *ELEM(take)(void)
{
    ck_packet *p = ELEM(cur);
    ELEM(cur) = p->next;
    if (ELEM(stop) != 1 || CONF(FREEONTERMINATE))
        return ck_packet_clone(p);
    ELEM(head) = ELEM(cur);
    p->next = NULL;
    return p;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "type mismatch",
                        (ELEM(reset_time)(), ELEM(account)()));
CK_DATA_READ_BOOL(loaded, ELEM(loaded));
CK_DATA_READ(stop, ELEM(stop));
CK_DATA_WRITE_INT_THEN(stop, ELEM(stop), INT32_MIN, INT32_MAX, "expected integer",
                       ELEM(account)());

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(free_packets)();
    ELEM(loaded) = 0;
    return 0;
}
#undef CK_REPLAY_CLASS
#undef CK_REPLAY_EXTRA_CLEANUP
