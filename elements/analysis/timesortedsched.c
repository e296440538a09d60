/* TimeSortedSched([STOP, BUFFER]): Click's elements/analysis/timesortedsched.cc.  Each pull
 * first refills the buffer: every input with room (fewer than BUFFER of its packets buffered)
 * is pulled until it gives nothing or its room is used up, the inputs taken in Click's order
 * (a list of inputs with room, walked from its end; an input that fills up is replaced by the
 * list's last).  Then the buffered packet with the earliest timestamp leaves (a binary min-heap
 * on the timestamp with Click's sift rules, so ties leave in Click's order).  A packet leaving
 * with a timestamp earlier than the previous one's clears well_ordered.  With STOP, a pull that
 * finds nothing buffered while no source is active any more (clickc's reading of Click's
 * "every upstream notifier is off") stops the router.  Packets buffered at exit are dropped
 * ("held at exit"). */
typedef struct { ck_packet *p; int input; } ELEM(slot_t);
static ELEM(slot_t) *ELEM(heap);
static int ELEM(npkt);
static int *ELEM(space);  /* per input: packets it may still add to the buffer */
static int *ELEM(ready);  /* the inputs with room, ELEM(nready) of them */
static int ELEM(nready);
static int ELEM(well_ordered) = 1;
static int64_t ELEM(last);

static int
ELEM(init)(ck_errh *errh)
{
    int n = NINPUTS;
    ELEM(heap) = calloc((size_t)n * (size_t)CONF(BUFFER) + 1, sizeof *ELEM(heap));
    ELEM(space) = calloc((size_t)n + 1, sizeof(int));
    ELEM(ready) = calloc((size_t)n + 1, sizeof(int));
    if (!ELEM(heap) || !ELEM(space) || !ELEM(ready))
        return ck_error(errh, "out of memory!");
    for (int i = 0; i < n; i++) {
        ELEM(space)[i] = (int)CONF(BUFFER);
        ELEM(ready)[i] = i;
    }
    ELEM(nready) = n;
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (int i = 0; i < ELEM(npkt); i++)
        ck_drop(ELEM(heap)[i].p, ELEMENT_INDEX, "held at exit");
    ELEM(npkt) = 0;
    free(ELEM(heap));
    free(ELEM(space));
    free(ELEM(ready));
    ELEM(heap) = NULL;
    ELEM(space) = ELEM(ready) = NULL;
}

static inline int ELEM(less)(int a, int b)
{
    return ELEM(heap)[a].p->ts_ns < ELEM(heap)[b].p->ts_ns;
}

static inline void ELEM(swap)(int a, int b)
{
    ELEM(slot_t) t = ELEM(heap)[a];
    ELEM(heap)[a] = ELEM(heap)[b];
    ELEM(heap)[b] = t;
}

/* The last slot moves up while it is earlier than its parent (Click's push_heap). */
static void ELEM(sift_up)(int i)
{
    while (i > 0 && ELEM(less)(i, (i - 1) / 2)) {
        ELEM(swap)(i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
}

/* Remove the first slot: the last takes its place and moves down to the smaller child while
 * one is earlier (Click's pop_heap / change_heap). */
static void ELEM(pop)(void)
{
    int n = --ELEM(npkt);
    if (n == 0)
        return;
    ELEM(swap)(0, n);
    int i = 0;
    for (;;) {
        int smallest = i, c = 2 * i + 1;
        if (c < n && ELEM(less)(c, smallest))
            smallest = c;
        if (c + 1 < n && ELEM(less)(c + 1, smallest))
            smallest = c + 1;
        if (smallest == i)
            break;
        ELEM(swap)(i, smallest);
        i = smallest;
    }
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    for (int rpos = ELEM(nready) - 1; rpos >= 0; --rpos) {
        int i = ELEM(ready)[rpos];
        ck_packet *p;
        while ((p = INPUT_PULL(i)) != NULL) {
            ELEM(heap)[ELEM(npkt)].p = p;
            ELEM(heap)[ELEM(npkt)].input = i;
            ELEM(sift_up)(ELEM(npkt)++);
            if (--ELEM(space)[i] == 0) {
                ELEM(ready)[rpos] = ELEM(ready)[--ELEM(nready)];
                break;
            }
        }
    }
    if (ELEM(npkt) == 0) {
        if (CONF(STOP) && ck_sources_active() == 0)
            ck_router_stop();
        return NULL;
    }
    ck_packet *p = ELEM(heap)[0].p;
    if (p->ts_ns) {
        if (ELEM(last) && p->ts_ns < ELEM(last))
            ELEM(well_ordered) = 0;
        ELEM(last) = p->ts_ns;
    }
    int in = ELEM(heap)[0].input;
    if (++ELEM(space)[in] == 1)
        ELEM(ready)[ELEM(nready)++] = in;
    ELEM(pop)();
    return p;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(well_ordered, ELEM(well_ordered));
