/* CoDel([TARGET, INTERVAL, QUEUES]): Controlled Delay (Nichols and Jacobson, "Controlling Queue
 * Delay", ACM Queue 10(5), 2012, and its appendix pseudocode) as Click's elements/aqm/codel.cc
 * runs it on each pull:
 * - a packet's time in the queue is now (wall clock) minus its FIRST_TIMESTAMP annotation, set
 *   by SetTimestamp(FIRST true) before the queue; a packet whose annotation has 0 whole seconds
 *   is passed without a decision;
 * - once that time has stayed at or above TARGET for INTERVAL, the element enters the dropping
 *   state (dropping the packet and pulling the next); while dropping, each time now reaches
 *   drop_next the packet is dropped and drop_next moves by the control law INTERVAL /
 *   sqrt(drops in this state), computed as Click does in 32-bit integers (INTERVAL in whole
 *   milliseconds scaled by 16 over int_sqrt(drops * 256), in ns); the state ends when a
 *   packet's time falls below TARGET or the queue is empty, and a re-entry soon after an exit
 *   resumes from the previous drop count minus 2;
 * Dropped packets are counted drops ("CoDel") and counted by `drops`.  The queues
 * (ELEM(queue_names), found as RED finds them, clickc.elements.aqm.red_queues) are read
 * through their `length` handlers for `stats` only (aqm/ckaqmqueues.h). */
#include "aqm/ckaqmqueues.h"
#include "standard/ckinterval.h"
#include "standard/ckisqrt.h"

static int64_t ELEM(target), ELEM(interval), ELEM(first_above), ELEM(drop_next);
static int ELEM(dropping), ELEM(ok_to_drop);
static uint32_t ELEM(total_drops), ELEM(state_drops);

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(aqm_queues_init)(errh) < 0)
        return -1;
    ELEM(target) = CONF_GIVEN(TARGET) ? (int64_t)CONF(TARGET) : 5000000;
    ELEM(interval) = CONF_GIVEN(INTERVAL) ? (int64_t)CONF(INTERVAL) : 100000000;
    return 0;
}

/* Click's dequeue_and_track_sojourn_time: *tracked is 0 for no packet or no timestamp. */
static ck_packet *ELEM(dequeue)(int64_t now, int *tracked)
{
    ELEM(ok_to_drop) = 0;
    ck_packet *p = INPUT_PULL(0);
    if (!p) {
        ELEM(first_above) = 0;
        *tracked = 0;
        return NULL;
    }
    int64_t first;
    memcpy(&first, p->anno + FIRST_TIMESTAMP_ANNO_OFFSET, 8);
    if (first >= 0 && first < 1000000000) { /* Click: FIRST_TIMESTAMP_ANNO(p).sec() == 0 */
        *tracked = 0;
        return p;
    }
    if (now - first < ELEM(target))
        ELEM(first_above) = 0;
    else if (ELEM(first_above) == 0)
        ELEM(first_above) = now + ELEM(interval);
    else if (now >= ELEM(first_above))
        ELEM(ok_to_drop) = 1;
    *tracked = 1;
    return p;
}

static int64_t ELEM(control_law)(int64_t t)
{
    uint32_t scaled_interval = (uint32_t)(ELEM(interval) / 1000000) * 16u;
    uint32_t scaled_drops = ELEM(state_drops) * 256u;
    uint32_t ns = (uint32_t)(scaled_interval * 1000000u) / (uint32_t)ck_isqrt(scaled_drops);
    return t + ns;
}

static void ELEM(drop)(ck_packet *p)
{
    ELEM(total_drops)++;
    ck_drop(p, ELEMENT_INDEX, "CoDel");
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    int tracked;
    int64_t now = ck_now_ns();
    ck_packet *p = ELEM(dequeue)(now, &tracked);
    if (!tracked) {
        ELEM(dropping) = 0;
        return p;
    }
    if (ELEM(dropping)) {
        if (!ELEM(ok_to_drop))
            ELEM(dropping) = 0;
        else
            while (now >= ELEM(drop_next) && ELEM(dropping)) {
                ELEM(drop)(p);
                ++ELEM(state_drops);
                p = ELEM(dequeue)(now, &tracked);
                if (!ELEM(ok_to_drop))
                    ELEM(dropping) = 0;
                else
                    ELEM(drop_next) = ELEM(control_law)(ELEM(drop_next));
            }
    } else if (ELEM(ok_to_drop) && (now - ELEM(drop_next) < ELEM(interval)
                                    || now - ELEM(first_above) >= ELEM(interval))) {
        int recent = now - ELEM(drop_next) < ELEM(interval);
        ELEM(drop)(p);
        p = ELEM(dequeue)(now, &tracked);
        ELEM(dropping) = 1;
        ELEM(state_drops) = !recent ? 1 : ELEM(state_drops) > 2 ? ELEM(state_drops) - 2 : 1;
        ELEM(drop_next) = ELEM(control_law)(now);
    }
    return p;
}

#include "standard/ckdata.h"
CK_DATA_READ(drops, ELEM(total_drops));
CK_DATA_READ_WITH(codel_interval, ck_unparse_interval, ELEM(interval));
CK_DATA_READ_WITH(codel_target, ck_unparse_interval, ELEM(target));

static CK_UNUSED int ELEM(write_codel_interval)(const char *value, ck_errh *errh)
{
    int64_t ns;
    if (ck_parse_interval(value, &ns) < 0)
        return ck_error(errh, "INTERVAL: expected time");
    ELEM(interval) = ns;
    return 0;
}

static CK_UNUSED int ELEM(write_codel_target)(const char *value, ck_errh *errh)
{
    int64_t ns;
    if (ck_parse_interval(value, &ns) < 0)
        return ck_error(errh, "TARGET: expected time");
    ELEM(target) = ns;
    return 0;
}

static CK_UNUSED int ELEM(read_stats)(ck_buf *out)
{
    ck_buf_printf(out, "%d current queue\n%u drops\n", ELEM(queue_size)(), ELEM(total_drops));
    return 0;
}

/* Click's text: the two times as Timestamp::unparse, "s, " and " s, " after them. */
static CK_UNUSED int ELEM(read_config)(ck_buf *out)
{
    ck_unparse_timestamp(out, ELEM(target));
    ck_buf_puts(out, "s, ");
    ck_unparse_timestamp(out, ELEM(interval));
    ck_buf_puts(out, " s, ");
    return 0;
}
