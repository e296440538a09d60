/* RatedSource([DATA, RATE, LIMIT, ACTIVE, LENGTH, STOP, BANDWIDTH]): emits clones of one packet
 * at RATE packets per second, LIMIT in all (negative: no limit), one per task run (Click's
 * elements/standard/ratedsource.cc).  A token bucket refilled from the monotonic clock holds
 * at most max(2, RATE/100) packets and starts with one, as Click's.  With BANDWIDTH (bytes per
 * second) the rate is BANDWIDTH / packet length.  STOP true stops the router at LIMIT. */
/* SOURCE_TIMESTAMP: 0 when the timestamps pass (passes/timestamps.py) proved that no element
 * reachable from this source reads the timestamp annotation (default 1: Click's behaviour). */
#ifndef SOURCE_TIMESTAMP
#define SOURCE_TIMESTAMP 1
#endif
#include "standard/cksource_state.h"
#include "standard/ckbool.h"

static uint32_t ELEM(rate);
static double ELEM(tokens), ELEM(capacity);
static int64_t ELEM(last_ns);
static int ELEM(stop);

static CK_UNUSED int ELEM(setup_packet)(void)
{
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    size_t n = ELEM(datasize) < 0 ? ELEM(datalen) : (size_t)ELEM(datasize);
    ck_packet *p = ck_packet_alloc((uint32_t)n);
    if (p)
        ck_source_fill(p->data, n, ELEM(data), ELEM(datalen));
    ELEM(packet) = p;
    return p ? 0 : -1;
}

static CK_UNUSED void ELEM(set_rate)(uint32_t rate)
{
    ELEM(rate) = rate;
    uint32_t burst = rate < 200 ? 2 : rate / 100;
    ELEM(capacity) = burst;
    if (ELEM(tokens) > ELEM(capacity))
        ELEM(tokens) = ELEM(capacity);
}

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(configure_data)() < 0)
        return ck_error(errh, "out of memory");
    uint32_t rate = (uint32_t)CONF(RATE);
#if CONF_GIVEN(BANDWIDTH)
    {
        uint64_t bw = (uint64_t)CONF(BANDWIDTH);
        size_t plen = ELEM(datasize) < 0 ? ELEM(datalen) : (size_t)ELEM(datasize);
        if (bw > 0 && plen > 0)
            rate = (uint32_t)(bw / plen);
    }
#endif
    ELEM(limit) = (int64_t)CONF(LIMIT);
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(stop) = (int)CONF(STOP);
    ELEM(tokens) = 1;
    ELEM(set_rate)(rate);
    ELEM(last_ns) = ck_monotonic_ns();
    if (ELEM(setup_packet)() < 0)
        return ck_error(errh, "out of memory");
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_source_release(&ELEM(packet), &ELEM(data), &ELEM(live));
}

/* One packet if a token is available; NULL otherwise (or at LIMIT). */
static CK_UNUSED ck_packet *ELEM(next)(void)
{
    if (!ELEM(active))
        return NULL;
    if (ELEM(limit) >= 0 && ELEM(count) >= (uint64_t)ELEM(limit)) {
        ELEM(update_live)();
        if (ELEM(stop) && !ELEM(ended))
            ck_router_stop();
        ELEM(ended) = 1;
        return NULL;
    }
    int64_t now = ck_monotonic_ns();
    ELEM(tokens) += (double)(now - ELEM(last_ns)) * ELEM(rate) / 1e9;
    ELEM(last_ns) = now;
    if (ELEM(tokens) > ELEM(capacity))
        ELEM(tokens) = ELEM(capacity);
    if (ELEM(tokens) < 1)
        return NULL;
    ck_packet *p = ck_packet_clone(ELEM(packet));
    if (!p)
        return NULL;
    ELEM(tokens) -= 1;
    if (SOURCE_TIMESTAMP)
        p->ts_ns = ck_now_ns();
    return ck_source_took(p, &ELEM(count));
}
#include "standard/cksource_task.h"

#include "standard/ckdata.h"
CK_DATA_READ(rate, ELEM(rate));
CK_DATA_READ(limit, (long long)(ELEM(limit) < 0 ? -1 : ELEM(limit)));

static CK_UNUSED int ELEM(write_data)(const char *value, ck_errh *errh)
{
    if (ck_source_set_data(&ELEM(data), &ELEM(datalen), value, strlen(value)) < 0)
        return ck_error(errh, "out of memory");
    return ELEM(setup_packet)() < 0 ? ck_error(errh, "out of memory") : 0;
}

CK_DATA_WRITE_UINT_CALL(rate, ELEM(set_rate), UINT32_MAX, "syntax error"); /* change_param */
CK_DATA_WRITE_INT_THEN(limit, ELEM(limit), INT64_MIN, INT64_MAX, "syntax error",
                       ELEM(update_live)());
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "syntax error", ELEM(update_live)());

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    ELEM(tokens) = 1;
    ELEM(last_ns) = ck_monotonic_ns();
    ELEM(update_live)();
    return 0;
}

static CK_UNUSED int ELEM(write_length)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v > INT32_MAX || v < INT32_MIN)
        return ck_error(errh, "syntax error");
    ELEM(datasize) = (int32_t)v;
    return ELEM(setup_packet)() < 0 ? ck_error(errh, "out of memory") : 0;
}

#include "standard/cksource_handlers.h"
#undef SOURCE_TIMESTAMP
