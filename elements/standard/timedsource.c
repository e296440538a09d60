/* TimedSource([INTERVAL, DATA, LIMIT, ACTIVE, STOP, HEADROOM]): pushes a clone of a packet
 * holding DATA every INTERVAL (default 0.5 s), LIMIT packets in all when LIMIT >= 0; with STOP
 * true the router stops at the first expiry after LIMIT (Click's
 * elements/standard/timedsource.cc).  It runs from a runtime timer (ck_timer_*), not a task;
 * while it may still emit it counts as an active source (ck_source_active). */
#include "standard/ckinterval.h"
#include "standard/cksource_data.h"
#include "standard/ckbool.h"

static ck_timer ELEM(timer);
static int64_t ELEM(interval_ns);
static int64_t ELEM(limit);
static int64_t ELEM(count);
static int ELEM(active), ELEM(stop), ELEM(live);
static uint32_t ELEM(headroom);

static CK_UNUSED void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) < 0 || ELEM(count) < ELEM(limit) || ELEM(stop));
    ck_source_set_live(live, &ELEM(live));
}

#ifdef CK_HOT
/* clickc run -R (docs/reconfiguration.md): from a TimedSource of the same configuration, the
 * count sent, LIMIT and ACTIVE continue (its LIMIT counts what it already sent); the next
 * emission keeps its time (ElementSpec.hot timers).  Another configuration starts anew. */
static CK_UNUSED int ELEM(hot_take)(const ck_hot_elem *old, ck_errh *errh)
{
    (void)errh;
    if (!ck_hot_same_config(old, ELEMENT_INDEX))
        return 0;
    CK_HOT_COPY(old, count);
    CK_HOT_COPY(old, limit);
    CK_HOT_COPY(old, active);
    ELEM(update_live)();
    return 0;
}
#endif

static CK_UNUSED int ELEM(make_packet)(void)
{
    ck_packet *p = ck_packet_alloc_room(ELEM(headroom), (uint32_t)ELEM(datalen), 0);
    if (!p)
        return -1;
    memcpy(p->data, ELEM(data), ELEM(datalen));
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    ELEM(packet) = p;
    return 0;
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    if (!ELEM(active))
        return;
    if (ELEM(limit) < 0 || ELEM(count) < ELEM(limit)) {
        ck_packet *p = ck_packet_clone(ELEM(packet));
        ELEM(count)++;
        ck_timer_schedule_at(&ELEM(timer), ELEM(timer).expiry_ns + ELEM(interval_ns));
        if (p) {
            p->ts_ns = ck_now_ns();
            ck_source_count(1);
            OUTPUT(0, p);
        } else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    } else if (ELEM(stop))
        ck_router_stop();
    ELEM(update_live)();
}

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(conf_data)() < 0)
        return ck_error(errh, "out of memory");
    ELEM(headroom) = CONF_GIVEN(HEADROOM) ? (uint32_t)CONF(HEADROOM) : CK_HEADROOM;
    ELEM(interval_ns) = (int64_t)CONF(INTERVAL);
    ELEM(limit) = (int64_t)CONF(LIMIT);
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(stop) = (int)CONF(STOP);
    if (ELEM(make_packet)() < 0)
        return ck_error(errh, "out of memory");
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    if (ELEM(active))
        ck_timer_schedule_after(&ELEM(timer), ELEM(interval_ns));
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
    ck_source_release(&ELEM(packet), &ELEM(data), &ELEM(live));
}

#include "standard/ckdata.h"
CK_DATA_READ_WITH(data, ck_buf_append, ELEM(data), ELEM(datalen));
CK_DATA_READ(limit, ELEM(limit));
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ(headroom, ELEM(headroom));

static CK_UNUSED int ELEM(write_data)(const char *value, ck_errh *errh)
{
    if (ck_source_set_data(&ELEM(data), &ELEM(datalen), value, strlen(value)) < 0)
        return ck_error(errh, "out of memory");
    return ELEM(make_packet)() < 0 ? ck_error(errh, "out of memory") : 0;
}

static CK_UNUSED int ELEM(write_headroom)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > 0xFFFFu)
        return ck_error(errh, "bad headroom");
    ELEM(headroom) = (uint32_t)v;
    return ELEM(make_packet)() < 0 ? ck_error(errh, "out of memory") : 0;
}

CK_DATA_WRITE_INT_THEN(limit, ELEM(limit), INT64_MIN, INT64_MAX, "expected integer",
                       ELEM(update_live)());

#include "standard/ckinterval_handlers.h"

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    if (ck_write_bool(value, &ELEM(active), "bad active", errh) < 0)
        return -1;
    if (!ELEM(timer).scheduled && ELEM(active))
        ck_timer_schedule_after(&ELEM(timer), 0);
    ELEM(update_live)();
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    if (!ELEM(timer).scheduled && ELEM(active))
        ck_timer_schedule_after(&ELEM(timer), 0);
    ELEM(update_live)();
    return 0;
}
