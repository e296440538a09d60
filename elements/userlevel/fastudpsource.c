/* FastUDPSource(RATE, LIMIT, LENGTH, SRCETH, SRCIP, SPORT, DSTETH, DSTIP, DPORT [, CHECKSUM,
 * INTERVAL, ACTIVE]): a pull source of clones of one Ethernet/IP/UDP packet of LENGTH bytes
 * (at least 60: Click's warning), for benchmarks (Click's elements/userlevel/fastudpsrc.cc).
 * IP TTL 250, ID 0; the UDP checksum unless CHECKSUM is false.  RATE packets per second
 * (Click's GapRate, standard/cktokenbucket.h; 0: as fast as pulled), LIMIT packets in all
 * (negative: no limit).  Every INTERVAL packets (when above 0) both ports grow by one (the
 * template is copied first when clones of it are still out).  While active and below LIMIT it
 * counts as an active source.  Handlers: count, rate (packets per second between the first and
 * the last packet of LIMIT, else 0; written: the rate), reset, active, limit, with Click's
 * messages. */
#include "ip/ckip.h"
#include "standard/cktokenbucket.h"
#include "standard/ckbool.h"

#define CK_FUS_NO_LIMIT 0xFFFFFFFFu

static ck_packet *ELEM(packet);
static ck_gaprate ELEM(rate);
static int ELEM(rate_limited), ELEM(active), ELEM(live);
static uint32_t ELEM(len), ELEM(limit), ELEM(count), ELEM(incr), ELEM(first), ELEM(last);

static void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) == CK_FUS_NO_LIMIT || ELEM(count) < ELEM(limit));
    if (live != ELEM(live)) {
        ck_source_active(live ? 1 : -1);
        ELEM(live) = live;
    }
}

static void ELEM(udp_sum)(unsigned char *ip)
{
    unsigned char *udp = ip + CKIP_HDR;
    uint32_t len = (uint16_t)(ELEM(len) - 14 - CKIP_HDR);
    if (CONF(CHECKSUM))
        ck_transport_set_cksum(ip, udp, len, 6);
    else
        ck_set_raw16(udp + 6, 0);
}

static void ELEM(incr_ports)(void)
{
    ck_packet *q = ck_packet_uniqueify(ELEM(packet));
    ELEM(packet) = q;
    if (!q)
        return;
    unsigned char *ip = q->data + 14;
    ELEM(incr)++;
    ck_put16(ip + CKIP_HDR, (uint16_t)((uint32_t)CONF(SPORT) + ELEM(incr)));
    ck_put16(ip + CKIP_HDR + 2, (uint16_t)((uint32_t)CONF(DPORT) + ELEM(incr)));
    ELEM(udp_sum)(ip);
}

static uint32_t ELEM(jiffies)(void)
{
    return (uint32_t)(uint64_t)(ck_now_ns() / 1000000);
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(len) = (uint32_t)CONF(LENGTH);
    if (ELEM(len) < 60) {
        ck_chatter("warning: packet length < 60, defaulting to 60");
        ELEM(len) = 60;
    }
    ELEM(rate_limited) = CONF(RATE) != 0;
    ck_gaprate_init(&ELEM(rate), (uint32_t)CONF(RATE));
    ELEM(limit) = (int64_t)CONF(LIMIT) >= 0 ? (uint32_t)CONF(LIMIT) : CK_FUS_NO_LIMIT;
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ck_packet *q = ck_packet_alloc(ELEM(len));
    if (!q)
        return ck_error(errh, "out of memory");
    memset(q->data, 0, ELEM(len));
    memcpy(q->data, CONF(DSTETH), 6);
    memcpy(q->data + 6, CONF(SRCETH), 6);
    q->data[12] = 0x08;
    q->data[13] = 0x00;
    unsigned char *ip = q->data + 14;
    uint32_t src = (uint32_t)CONF(SRCIP), dst = (uint32_t)CONF(DSTIP);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)(ELEM(len) - 14));
    ip[CKIP_P] = CKIP_PROTO_UDP;
    ip[CKIP_TTL] = 250;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    memcpy(q->anno + DST_IP_ANNO_OFFSET, &dst, 4);
    ck_set_network_header(q, ip, CKIP_HDR);
    unsigned char *udp = ip + CKIP_HDR;
    ck_put16(udp, (uint16_t)CONF(SPORT));
    ck_put16(udp + 2, (uint16_t)CONF(DPORT));
    ck_put16(udp + 4, (uint16_t)(ELEM(len) - 14 - CKIP_HDR));
    ELEM(packet) = q;
    ELEM(udp_sum)(ip);
    ELEM(update_live)();
    return 0;
}

static void
ELEM(cleanup)(void)
{
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    ELEM(packet) = NULL;
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = NULL;
    if (!ELEM(active) || (ELEM(limit) != CK_FUS_NO_LIMIT && ELEM(count) >= ELEM(limit))
        || !ELEM(packet))
        return NULL;
    if (ELEM(rate_limited)) {
        if (ck_gaprate_need_update(&ELEM(rate), ck_now_ns())) {
            ck_gaprate_update_with(&ELEM(rate), 1);
            p = ck_packet_clone(ELEM(packet));
        }
    } else
        p = ck_packet_clone(ELEM(packet));
    if (p) {
        ck_source_count(1);
        ELEM(count)++;
        if (ELEM(count) == 1)
            ELEM(first) = ELEM(jiffies)();
        if (ELEM(limit) != CK_FUS_NO_LIMIT && ELEM(count) >= ELEM(limit))
            ELEM(last) = ELEM(jiffies)();
        if (CONF(INTERVAL) > 0 && !(ELEM(count) % (uint32_t)CONF(INTERVAL)))
            ELEM(incr_ports)();
        ELEM(update_live)();
    }
    return p;
}

static void ELEM(reset)(void)
{
    ELEM(count) = 0;
    ELEM(first) = 0;
    ELEM(last) = 0;
    ELEM(incr) = 0;
    ELEM(update_live)();
}

#include "standard/ckdata.h"
CK_DATA_READ(count, ELEM(count));

static CK_UNUSED int ELEM(read_rate)(ck_buf *out)
{
    if (ELEM(last) != 0) {
        int d = (int)(ELEM(last) - ELEM(first));
        if (d < 1)
            d = 1;
        ck_buf_printf(out, "%d", (int)(ELEM(count) * 1000u / (uint32_t)d));
    } else
        ck_buf_puts(out, "0");
    return 0;
}

static CK_UNUSED int ELEM(write_rate)(const char *value, ck_errh *errh)
{
    uint64_t r;
    if (ck_parse_uint64(value, &r) < 0 || r > UINT32_MAX)
        return ck_error(errh, "rate parameter must be integer >= 0");
    if (r > CK_GAPRATE_MAX_RATE)
        return ck_error(errh, "rate too large; max is %u", CK_GAPRATE_MAX_RATE);
    ck_gaprate_set_rate(&ELEM(rate), (uint32_t)r);
    return 0;
}

static CK_UNUSED int ELEM(write_reset)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(reset)();
    return 0;
}

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    if (ck_write_bool(value, &ELEM(active), "active parameter must be boolean", errh) < 0)
        return -1;
    if (ELEM(active))
        ELEM(reset)();
    ELEM(update_live)();
    return 0;
}

static CK_UNUSED int ELEM(write_limit)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "limit parameter must be integer >= 0");
    ELEM(limit) = v >= 0 ? (uint32_t)v : CK_FUS_NO_LIMIT;
    ELEM(update_live)();
    return 0;
}
#undef CK_FUS_NO_LIMIT
