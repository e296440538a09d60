/* EtherPauseSource(SRC, PAUSETIME [, DST, LIMIT, ACTIVE, INTERVAL]): 64-byte Ethernet MAC
 * control PAUSE frames (EtherType 0x8808, opcode 1, PAUSETIME, zero padding) from SRC to DST
 * (01:80:C2:00:00:01 by default) (Click's elements/ethernet/etherpausesource.cc).  Pulled: one
 * clone per pull while ACTIVE and below LIMIT (-1: none).  Pushed: a runtime timer pushes one
 * every INTERVAL (the first one INTERVAL after start, if LIMIT is not 0 and ACTIVE) and stops
 * once LIMIT frames went out; as in Click, writing limit, active or reset_counts restarts a
 * stopped timer when ACTIVE, and a restarted timer sends a frame before it checks LIMIT.
 * Handlers: count, limit, active, src, dst, pausetime, reset_counts (Click's "type
 * mismatch"); a change of src, dst or pausetime copies the frame first when clones of it are
 * still out. */
#include "standard/ckbool.h"

static ck_packet *ELEM(packet);
static ck_timer ELEM(timer);
static int32_t ELEM(limit);
static uint32_t ELEM(count);
static int ELEM(active);

static void ELEM(fire)(void *arg)
{
    (void)arg;
    ck_packet *p = ck_packet_clone(ELEM(packet));
    if (p) {
        ++ELEM(count);
        OUTPUT(0, p);
    }
    if (ELEM(limit) < 0 || ELEM(count) < (uint32_t)ELEM(limit))
        ck_timer_schedule_after(&ELEM(timer), (int64_t)CONF(INTERVAL) * 1000000);
}

static int
ELEM(init)(ck_errh *errh)
{
    static const unsigned char pause_dst[6] = {0x01, 0x80, 0xC2, 0x00, 0x00, 0x01};
    ck_packet *q = ck_packet_alloc(64);
    if (!q)
        return ck_error(errh, "out of memory!");
    memset(q->data, 0, 64);
#if CONF_GIVEN(DST)
    memcpy(q->data, CONF(DST), 6);
#else
    memcpy(q->data, pause_dst, 6);
#endif
    memcpy(q->data + 6, CONF(SRC), 6);
    q->data[12] = 0x88;
    q->data[13] = 0x08;
    q->data[15] = 1; /* PAUSE */
    q->data[16] = (unsigned char)((uint32_t)CONF(PAUSETIME) >> 8);
    q->data[17] = (unsigned char)CONF(PAUSETIME);
    ck_set_mac_header(q, q->data);
    ck_set_network_header(q, q->data + 14, 0);
    ELEM(packet) = q;
    ELEM(limit) = (int32_t)CONF(LIMIT);
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ELEM(count) = 0;
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    if (ELEM(limit) != 0 && ELEM(active) && OUTPUT_IS_PUSH(0))
        ck_timer_schedule_after(&ELEM(timer), (int64_t)CONF(INTERVAL) * 1000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    ELEM(packet) = NULL;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    if (!ELEM(active) || (ELEM(limit) >= 0 && ELEM(count) >= (uint32_t)ELEM(limit)))
        return NULL;
    ck_packet *p = ck_packet_clone(ELEM(packet));
    if (p)
        ++ELEM(count);
    return p;
}

static void ELEM(check_awake)(void)
{
    if (OUTPUT_IS_PUSH(0) && !ELEM(timer).scheduled && ELEM(active))
        ck_timer_schedule_after(&ELEM(timer), 0);
}

/* Copy size bytes to the frame at offset (a fresh copy when clones are out). */
static int ELEM(rewrite)(const void *data, uint32_t offset, uint32_t size, ck_errh *errh)
{
    ck_packet *q = ck_packet_uniqueify(ELEM(packet));
    if (!q) {
        ELEM(packet) = NULL;
        return ck_error(errh, "out of memory!");
    }
    memcpy(q->data + offset, data, size);
    ELEM(packet) = q;
    return 0;
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));
CK_DATA_READ(limit, ELEM(limit));
CK_DATA_READ_BOOL(active, ELEM(active));

static CK_UNUSED int ELEM(read_src)(ck_buf *out)
{
    ck_unparse_ether(out, ELEM(packet)->data + 6);
    return 0;
}

static CK_UNUSED int ELEM(read_dst)(ck_buf *out)
{
    ck_unparse_ether(out, ELEM(packet)->data);
    return 0;
}

static CK_UNUSED int ELEM(read_pausetime)(ck_buf *out)
{
    ck_buf_printf(out, "%u", ((unsigned)ELEM(packet)->data[16] << 8) | ELEM(packet)->data[17]);
    return 0;
}

static CK_UNUSED int ELEM(write_src)(const char *value, ck_errh *errh)
{
    unsigned char a[6];
    if (ck_parse_ether(value, a) < 0)
        return ck_error(errh, "type mismatch");
    return ELEM(rewrite)(a, 6, 6, errh);
}

static CK_UNUSED int ELEM(write_dst)(const char *value, ck_errh *errh)
{
    unsigned char a[6];
    if (ck_parse_ether(value, a) < 0)
        return ck_error(errh, "type mismatch");
    return ELEM(rewrite)(a, 0, 6, errh);
}

static CK_UNUSED int ELEM(write_pausetime)(const char *value, ck_errh *errh)
{
    uint64_t x;
    if (ck_parse_uint64(value, &x) < 0 || x > 0xFFFF)
        return ck_error(errh, "type mismatch");
    unsigned char b[2] = {(unsigned char)(x >> 8), (unsigned char)x};
    return ELEM(rewrite)(b, 16, 2, errh);
}

static CK_UNUSED int ELEM(write_limit)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "type mismatch");
    ELEM(limit) = (int32_t)v;
    ELEM(check_awake)();
    return 0;
}

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    if (ck_write_bool(value, &ELEM(active), "type mismatch", errh) < 0)
        return -1;
    ELEM(check_awake)();
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    ELEM(check_awake)();
    return 0;
}
