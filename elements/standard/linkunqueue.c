/* LinkUnqueue(LATENCY, BANDWIDTH): a task that models a link (Click's
 * elements/standard/linkunqueue.cc).  It pulls packets while the last one in flight entered
 * the link no later than now + LATENCY, stamping each with its arrival time: the previous
 * arrival (back to back) or now + LATENCY, plus its transmission time (length plus the
 * EXTRA_LENGTH annotation, times 10000, over BANDWIDTH / 100, in microseconds, Click's 32-bit
 * arithmetic); it pushes each packet whose arrival time has come.  A runtime timer at the next
 * arrival pushes it on time (and keeps the router running while packets are in flight).
 * BANDWIDTH must be at least 100 Bps (Click's message, reported at initialization).
 * Handlers: latency, bandwidth (read and write; a write empties the link, as Click's full
 * reset), size (packets in flight), reset; the packets a reset or the exit removes are
 * dropped (reasons "reset", "in flight at exit"). */
#include "standard/ckinterval.h"
#include "standard/cktokenbucket.h"

static ck_packet *ELEM(head), *ELEM(tail);
static uint32_t ELEM(size);
static int64_t ELEM(latency);
static uint32_t ELEM(bandwidth); /* Click's _bandwidth: bytes per second / 100 */
static int ELEM(back_to_back);
static ck_timer ELEM(timer);

static void ELEM(delay_by_bandwidth)(ck_packet *p, int64_t t)
{
    uint32_t length = p->len + ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
    uint32_t delay = (length * 10000U) / ELEM(bandwidth);
    p->ts_ns = t + (int64_t)delay * 1000;
}

static int ELEM(work)(void)
{
    int worked = 0;
    int64_t now = ck_now_ns();
    int64_t now_delayed = now + ELEM(latency);
    while (!ELEM(tail) || ELEM(tail)->ts_ns <= now_delayed) {
        ck_packet *p = INPUT_PULL(0);
        if (!p) {
            ELEM(back_to_back) = 0;
            break;
        }
        if (ELEM(tail)) {
            ELEM(tail)->next = p;
            ELEM(delay_by_bandwidth)(p, ELEM(back_to_back) ? ELEM(tail)->ts_ns : now_delayed);
        } else {
            ELEM(head) = p;
            ELEM(delay_by_bandwidth)(p, now_delayed);
        }
        ELEM(tail) = p;
        p->next = NULL;
        ELEM(size)++;
        worked++;
        ELEM(back_to_back) = 1;
    }
    while (ELEM(head) && ELEM(head)->ts_ns <= now) {
        ck_packet *p = ELEM(head);
        ELEM(head) = p->next;
        if (!ELEM(head))
            ELEM(tail) = NULL;
        p->next = NULL;
        ELEM(size)--;
        OUTPUT(0, p);
        worked++;
    }
    /* the head only leaves: a timer set for an earlier head fires early at worst and is
     * set again then */
    if (ELEM(head) && !ELEM(timer).scheduled)
        ck_timer_schedule_after(&ELEM(timer), ELEM(head)->ts_ns - now);
    return worked;
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    ELEM(work)();
}

static int
ELEM(init)(ck_errh *errh)
{
    uint64_t bw = (uint64_t)CONF(BANDWIDTH);
    if (bw < 100)
        return ck_error(errh, "bandwidth too small, minimum 100Bps");
    ELEM(bandwidth) = (uint32_t)(bw / 100);
    ELEM(latency) = (int64_t)CONF(LATENCY);
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    return 0;
}

static void ELEM(flush)(const char *reason)
{
    while (ELEM(head)) {
        ck_packet *p = ELEM(head);
        ELEM(head) = p->next;
        p->next = NULL;
        ck_drop(p, ELEMENT_INDEX, reason);
    }
    ELEM(tail) = NULL;
    ELEM(size) = 0;
    ck_timer_unschedule(&ELEM(timer));
}

static void
ELEM(cleanup)(void)
{
    ELEM(flush)("in flight at exit");
}

static CK_UNUSED int ELEM(run_task)(void)
{
    return ELEM(work)();
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(latency, ck_unparse_interval, ELEM(latency));
CK_DATA_READ(bandwidth, ELEM(bandwidth) * 100);
CK_DATA_READ(size, ELEM(size));

static CK_UNUSED int ELEM(write_latency)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_time_ns(value, &v) < 0)
        return ck_error(errh, "latency must be a timestamp");
    ELEM(latency) = v;
    ELEM(flush)("reset");
    return 0;
}

static CK_UNUSED int ELEM(write_bandwidth)(const char *value, ck_errh *errh)
{
    uint64_t bw;
    if (ck_parse_bandwidth(value, &bw) < 0 || bw > UINT32_MAX)
        return ck_error(errh, "invalid bandwidth");
    if (bw < 100)
        return ck_error(errh, "bandwidth too small, minimum 100Bps");
    ELEM(bandwidth) = (uint32_t)(bw / 100);
    ELEM(flush)("reset");
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(flush)("reset");
    return 0;
}
