/* InfiniteSource([DATA, LIMIT, BURST, ACTIVE, TIMESTAMP, LENGTH, STOP, END_CALL]): pushes
 * clones of one packet, BURST per task run, LIMIT in all (negative: no limit); in pull context
 * each pull returns one. When LIMIT is reached it calls END_CALL, or stops the router with
 * STOP true (Click's elements/standard/infinitesource.cc). The source counts as active
 * (ck_source_active) while ACTIVE and below LIMIT. */
/* SOURCE_TIMESTAMP: 0 when the timestamps pass (passes/timestamps.py) proved that no element
 * reachable from this source reads the timestamp annotation; the per-packet clock read is then
 * compiled out.  Default 1: Click's behaviour. */
#ifndef SOURCE_TIMESTAMP
#define SOURCE_TIMESTAMP 1
#endif
/* SOURCE_COPY: 1 when the source-copy pass (passes/timestamps.py) found an element downstream
 * that writes packet data: each packet is then a fresh copy of DATA instead of a clone sharing
 * it, so the first write does not have to copy it again (Click clones; the packets' bytes,
 * room and annotations are the same either way).  Default 0: clones, as Click. */
#ifndef SOURCE_COPY
#define SOURCE_COPY 0
#endif
#include "standard/cksource_state.h"
#include "standard/ckbool.h"

static int32_t ELEM(burst);
static int ELEM(timestamp);
static char *ELEM(end_call);

static CK_UNUSED void ELEM(set_data)(const char *data, size_t len)
{
    if (ck_source_set_data(&ELEM(data), &ELEM(datalen), data, len) < 0)
        abort();
}

/* Click's setup_packet: DATA, cut or repeated to LENGTH when LENGTH >= 0. */
static CK_UNUSED int ELEM(setup_packet)(void)
{
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    ELEM(packet) = NULL;
    ck_packet *p;
    if (ELEM(datasize) < 0)
        p = ck_packet_make(ELEM(data), (uint32_t)ELEM(datalen));
    else if ((size_t)ELEM(datasize) <= ELEM(datalen))
        p = ck_packet_make(ELEM(data), (uint32_t)ELEM(datasize));
    else {
        p = ck_packet_alloc((uint32_t)ELEM(datasize));
        if (p)
            ck_source_fill(p->data, (uint32_t)ELEM(datasize), ELEM(data), ELEM(datalen));
    }
    ELEM(packet) = p;
    return p ? 0 : -1;
}

static int
ELEM(init)(ck_errh *errh)
{
    if (ELEM(configure_data)() < 0)
        abort(); /* as ELEM(set_data) */
    ELEM(limit) = (int64_t)CONF(LIMIT);
    ELEM(burst) = (int32_t)CONF(BURST);
    ELEM(active) = (int)CONF(ACTIVE);
    ELEM(timestamp) = (int)CONF(TIMESTAMP);
    if (ELEM(burst) < 1)
        return ck_error(errh, "burst size must be >= 1");
#if CONF_GIVEN(END_CALL)
    if (CONF(STOP))
        return ck_error(errh, "END_CALL and STOP are mutually exclusive");
    ELEM(end_call) = ck_strdup(CONF(END_CALL));
#else
    if (CONF(STOP))
        ELEM(end_call) = ck_strdup("stop");
#endif
    if (ELEM(setup_packet)() < 0)
        return ck_error(errh, "out of memory");
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_source_release(&ELEM(packet), &ELEM(data), &ELEM(live));
    free(ELEM(end_call));
    ELEM(end_call) = NULL;
}

/* A fresh copy of the packet (SOURCE_COPY): when the data has its configured length (a
 * compile-time constant), memcpy gets a constant size and is inlined. */
static CK_UNUSED ck_packet *ELEM(copy)(void)
{
    const ck_packet *t = ELEM(packet);
    ck_packet *p = ck_packet_alloc(t->len);
    if (!p)
        return NULL;
#if CONF_GIVEN(DATA)
    if (t->len == (uint32_t)CONF_LEN(DATA)) {
        memcpy(p->data, t->data, (size_t)CONF_LEN(DATA));
        return p;
    }
#else
    if (t->len == sizeof CK_SOURCE_DEFAULT_DATA - 1) {
        memcpy(p->data, t->data, sizeof CK_SOURCE_DEFAULT_DATA - 1);
        return p;
    }
#endif
    if (t->len)
        memcpy(p->data, t->data, t->len);
    return p;
}

static CK_UNUSED ck_packet *ELEM(make)(void)
{
    ck_packet *p = SOURCE_COPY ? ELEM(copy)() : ck_packet_clone(ELEM(packet));
    if (SOURCE_TIMESTAMP && p && ELEM(timestamp))
        p->ts_ns = ck_now_ns();
    return p;
}

#include "standard/cksource_limit.h"

/* In pull context Click's InfiniteSource is an empty notifier: inactive while not ACTIVE or at
 * LIMIT; a handler write that makes it active again wakes its listeners (QUEUE_WAKE(), defined
 * by the template when a task downstream listens; clickc.backend.notifier). */
static CK_UNUSED int ELEM(empty)(void)
{
    return !(ELEM(active) && (ELEM(limit) < 0 || ELEM(count) < (uint64_t)ELEM(limit)));
}

static CK_UNUSED void ELEM(changed)(void)
{
    ELEM(update_live)();
#ifdef QUEUE_WAKE
    if (!ELEM(empty)())
        QUEUE_WAKE();
#endif
}

#include "standard/ckdata.h"
CK_DATA_READ(limit, ELEM(limit));
CK_DATA_READ(burst, ELEM(burst));

static CK_UNUSED int ELEM(read_burstsize)(ck_buf *out) { return ELEM(read_burst)(out); }

static CK_UNUSED int ELEM(write_data)(const char *value, ck_errh *errh)
{
    ELEM(set_data)(value, strlen(value));
    if (ELEM(setup_packet)() < 0)
        return ck_error(errh, "out of memory");
    return 0;
}

CK_DATA_WRITE_INT_THEN(limit, ELEM(limit), INT32_MIN, INT32_MAX, "limit parameter must be integer",
                       ELEM(changed)());
CK_DATA_WRITE_INT(burst, ELEM(burst), 1, INT32_MAX, "burstsize parameter must be integer >= 1");

static CK_UNUSED int ELEM(write_burstsize)(const char *value, ck_errh *errh)
{
    return ELEM(write_burst)(value, errh);
}

CK_DATA_WRITE_BOOL_THEN(active, ELEM(active), "active parameter must be boolean",
                        ELEM(changed)());

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    ELEM(changed)();
    return 0;
}

static CK_UNUSED int ELEM(write_length)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v > INT32_MAX || v < INT32_MIN)
        return ck_error(errh, "length must be integer");
    ELEM(datasize) = (int32_t)v;
    if (ELEM(setup_packet)() < 0)
        return ck_error(errh, "out of memory");
    return 0;
}

#include "standard/cksource_handlers.h"
#undef SOURCE_TIMESTAMP
#undef SOURCE_COPY
