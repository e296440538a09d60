/* The pull side shared by Click's benchmark sources FastUDPSource and FastUDPFlows
 * (elements/userlevel/fastudpsrc.cc, elements/tcpudp/fastudpflows.cc): RATE packets per second
 * (Click's GapRate, standard/cktokenbucket.h; 0: as fast as pulled), LIMIT packets in all
 * (negative: no limit), ACTIVE; while active and below LIMIT the element counts as an active
 * source.  Handlers count, rate (packets per second between the first and the last packet of
 * LIMIT, else 0; written: the rate), reset, active and limit, with Click's messages.
 *
 * The including template defines ELEM(next_packet)(void) (the packet to send, or NULL) and, when
 * it has more to reset, FASTSRC_RESET_MORE(); its init calls ELEM(fastsrc_init) and its cleanup
 * ELEM(fastsrc_cleanup).  FASTSRC_AFTER(count), when defined, runs after each packet sent.
 * FASTSRC_AFTER_LIMIT(), when defined, is nonzero while the source still has packets to send
 * once LIMIT is reached (FastTCPFlows' closing FINs): pulls go on calling next_packet then.
 * With FASTSRC_TEMPLATE (the UDP header's offset in the network header) this file supplies
 * the single-template part instead (next_packet, the INTERVAL port increments, cleanup); the
 * template then defines ELEM(len) and ELEM(udp_sum) first.
 * Included once per instance; no include guard. */
#include "ip/ckip.h"
#include "standard/cktokenbucket.h"
#include "standard/ckbool.h"

#ifndef CLICKC_CKFASTSRC_ONCE
#define CLICKC_CKFASTSRC_ONCE
/* q (len bytes) becomes an Ethernet/IPv4/UDP packet from src to dst as both sources make it:
 * zero data, IP TTL 250, ID 0, header checksum, UDP length; DST_IP annotation and network
 * header set.  The ports and the UDP checksum are the caller's. */
static CK_UNUSED void ck_fastsrc_udp_template(ck_packet *q, uint32_t len, const void *srceth,
                                              const void *dsteth, uint32_t src, uint32_t dst)
{
    memset(q->data, 0, len);
    memcpy(q->data, dsteth, 6);
    memcpy(q->data + 6, srceth, 6);
    q->data[12] = 0x08;
    q->data[13] = 0x00;
    unsigned char *ip = q->data + 14;
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)(len - 14));
    ip[CKIP_P] = CKIP_PROTO_UDP;
    ip[CKIP_TTL] = 250;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    memcpy(q->anno + DST_IP_ANNO_OFFSET, &dst, 4);
    ck_set_network_header(q, ip, CKIP_HDR);
    ck_put16(ip + CKIP_HDR + 4, (uint16_t)(len - 14 - CKIP_HDR));
}
#endif

#define CK_FUS_NO_LIMIT 0xFFFFFFFFu
#ifndef FASTSRC_AFTER_LIMIT
#define FASTSRC_AFTER_LIMIT() 0
#endif

#ifdef FASTSRC_TEMPLATE
/* FastUDPSource and FastUDPSourceIP6: clones of one template packet, ELEM(packet), whose UDP
 * header is FASTSRC_TEMPLATE bytes after the Ethernet header; every INTERVAL packets (when
 * above 0) both ports grow by one, after the template is copied when clones of it are still
 * out, and the template's ELEM(udp_sum)(network header) recomputes the checksum. */
static ck_packet *ELEM(packet);
static uint32_t ELEM(incr);

static ck_packet *ELEM(next_packet)(void)
{
    return ELEM(packet) ? ck_packet_clone(ELEM(packet)) : NULL;
}

static void ELEM(incr_ports)(void)
{
    ck_packet *q = ck_packet_uniqueify(ELEM(packet));
    ELEM(packet) = q;
    if (!q)
        return;
    unsigned char *l3 = q->data + 14;
    ELEM(incr)++;
    ck_put16(l3 + FASTSRC_TEMPLATE, (uint16_t)((uint32_t)CONF(SPORT) + ELEM(incr)));
    ck_put16(l3 + FASTSRC_TEMPLATE + 2, (uint16_t)((uint32_t)CONF(DPORT) + ELEM(incr)));
    ELEM(udp_sum)(l3);
}

#define FASTSRC_AFTER(count)                                                                 \
    do {                                                                                     \
        if (CONF(INTERVAL) > 0 && !((count) % (uint32_t)CONF(INTERVAL)))                     \
            ELEM(incr_ports)();                                                              \
    } while (0)
#define FASTSRC_RESET_MORE() (ELEM(incr) = 0)

/* ELEM(len) from LENGTH, at least 60 (with Click's warning). */
static void ELEM(set_length)(void)
{
    ELEM(len) = (uint32_t)CONF(LENGTH);
    if (ELEM(len) < 60) {
        ck_chatter("warning: packet length < 60, defaulting to 60");
        ELEM(len) = 60;
    }
}
#endif

static ck_gaprate ELEM(rate);
static int ELEM(rate_limited), ELEM(active), ELEM(live);
static uint32_t ELEM(limit), ELEM(count), ELEM(first), ELEM(last);

static void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) == CK_FUS_NO_LIMIT || ELEM(count) < ELEM(limit)
                                || FASTSRC_AFTER_LIMIT());
    if (live != ELEM(live)) {
        ck_source_active(live ? 1 : -1);
        ELEM(live) = live;
    }
}

static void ELEM(fastsrc_init)(uint32_t rate, int64_t limit, int active)
{
    ELEM(rate_limited) = rate != 0;
    ck_gaprate_init(&ELEM(rate), rate);
    ELEM(limit) = limit >= 0 ? (uint32_t)limit : CK_FUS_NO_LIMIT;
    ELEM(active) = active ? 1 : 0;
    ELEM(update_live)();
}

static void ELEM(fastsrc_cleanup)(void)
{
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

static uint32_t ELEM(jiffies)(void)
{
    return (uint32_t)(uint64_t)(ck_now_ns() / 1000000);
}

/* Whether the source sends nothing now: inactive, or LIMIT reached (and nothing left after
 * it). */
static int ELEM(idle)(void)
{
    return !ELEM(active) || (ELEM(limit) != CK_FUS_NO_LIMIT && ELEM(count) >= ELEM(limit)
                             && !FASTSRC_AFTER_LIMIT());
}

/* The next packet when the rate allows one, counted (FastClick's get_p: no LIMIT check; a
 * caller checks ELEM(idle) first), or NULL. */
static ck_packet *ELEM(take)(void)
{
    ck_packet *p = NULL;
    if (ELEM(rate_limited)) {
        if (ck_gaprate_need_update(&ELEM(rate), ck_now_ns())) {
            ck_gaprate_update_with(&ELEM(rate), 1);
            p = ELEM(next_packet)();
        }
    } else
        p = ELEM(next_packet)();
    if (p) {
        ck_source_count(1);
        ELEM(count)++;
        if (ELEM(count) == 1)
            ELEM(first) = ELEM(jiffies)();
        if (ELEM(limit) != CK_FUS_NO_LIMIT && ELEM(count) >= ELEM(limit))
            ELEM(last) = ELEM(jiffies)();
#ifdef FASTSRC_AFTER
        FASTSRC_AFTER(ELEM(count));
#endif
        ELEM(update_live)();
    }
    return p;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    return ELEM(idle)() ? NULL : ELEM(take)();
}

static void ELEM(reset)(void)
{
    ELEM(count) = 0;
    ELEM(first) = 0;
    ELEM(last) = 0;
#ifdef FASTSRC_RESET_MORE
    FASTSRC_RESET_MORE();
#endif
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
#undef FASTSRC_AFTER
#undef FASTSRC_AFTER_LIMIT
#undef FASTSRC_RESET_MORE
#ifdef FASTSRC_TEMPLATE
static void
ELEM(cleanup)(void)
{
    if (ELEM(packet))
        ck_packet_kill(ELEM(packet));
    ELEM(packet) = NULL;
    ELEM(fastsrc_cleanup)();
}
#undef FASTSRC_TEMPLATE
#endif
