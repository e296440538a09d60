/* RandomSource(LENGTH [, LIMIT, BURST, ACTIVE, TIMESTAMP, STOP, END_CALL]): Click's
 * elements/standard/randomsource.cc.  Each packet is LENGTH bytes filled 4 at a time from
 * Click's click_random() (the C library's random(), which RandomSeed seeds: standard/
 * ckrandom.h) in host byte order, the last draw cut to the bytes left; stamped with the current
 * time when TIMESTAMP.  Pushes BURST per task run, LIMIT in all (negative: no limit), then calls
 * END_CALL or, with STOP, stops the router; in pull context each pull returns one.  The source
 * counts as active (ck_source_active) while ACTIVE and below LIMIT.  Handlers as Click's
 * (InfiniteSource's change_param): limit, burst, active, count, reset, length. */
#include "standard/cksource.h"
#include "standard/ckrandom.h"

static int32_t ELEM(length);
static int64_t ELEM(limit);
static int32_t ELEM(burst);
static int ELEM(active);
static uint64_t ELEM(count);
static int ELEM(live);
static int ELEM(ended);
static char *ELEM(end_call);

static void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) < 0 || ELEM(count) < (uint64_t)ELEM(limit));
    ck_source_set_live(live, &ELEM(live));
    if (live)
        ELEM(ended) = 0;
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(length) = (int32_t)CONF(LENGTH);
    ELEM(limit) = (int64_t)CONF(LIMIT);
    ELEM(burst) = (int32_t)CONF(BURST);
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
#if CONF_GIVEN(END_CALL)
    ELEM(end_call) = ck_strdup(CONF(END_CALL));
#else
    if (CONF(STOP))
        ELEM(end_call) = ck_strdup("stop");
#endif
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

static ck_packet *ELEM(make)(void)
{
    uint32_t n = (uint32_t)ELEM(length);
    ck_packet *p = ck_packet_alloc(n);
    if (!p)
        return NULL;
    for (uint32_t i = 0; i < n; i += 4) {
        int32_t r = (int32_t)ck_click_random();
        memcpy(p->data + i, &r, n - i < 4 ? n - i : 4);
    }
    if (CONF(TIMESTAMP))
        p->ts_ns = ck_now_ns();
    return p;
}

#include "standard/cksource_limit.h"

#include "standard/ckdata.h"
CK_DATA_READ(limit, ELEM(limit));
CK_DATA_READ(burst, ELEM(burst));
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ(count, (unsigned long long)ELEM(count));
CK_DATA_READ(length, ELEM(length));
CK_DATA_WRITE_INT_THEN(limit, ELEM(limit), INT32_MIN, INT32_MAX, "limit parameter must be integer",
                       ELEM(update_live)());
CK_DATA_WRITE_INT(burst, ELEM(burst), 1, INT32_MAX, "burstsize parameter must be integer >= 1");
CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "active parameter must be boolean",
                        ELEM(update_live)());
CK_DATA_WRITE_INT(length, ELEM(length), 0, 64 * 1024 - 1, "length must be integer");

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    ELEM(update_live)();
    return 0;
}
