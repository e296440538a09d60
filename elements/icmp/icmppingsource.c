/* ICMPPingSource(SRC, DST [, keywords INTERVAL, IDENTIFIER, DATA, LIMIT, ACTIVE, VERBOSE, STOP,
 * MIRROR]) (synonym ICMPSendPings): sends ICMP echo requests from SRC to DST and matches the
 * replies it receives on its input (Click's elements/icmp/icmpsendpings.cc).
 *
 * Requests: a 20-byte IP header (TTL 200, ID and ICMP sequence number count % 65535 + 1), an
 * 8-byte echo header with IDENTIFIER (in host byte order, as Click on Linux), then DATA;
 * the destination annotation is DST, the network header is set, the timestamp is now.  With
 * a push output a runtime timer sends one every INTERVAL (the first one INTERVAL after start)
 * until LIMIT (negative: no limit); with STOP the
 * router stops at the first expiry after LIMIT.  With a pull output each pull makes one (and
 * with STOP, the first pull after LIMIT stops the router).  While it may still send, it counts
 * as an active source (ck_source_active).
 *
 * Replies (input): an ICMP echo reply with our identifier whose sequence number we sent is
 * timed against its send time (timestamp annotations, microseconds) and printed with VERBOSE as
 * Click does ("NAME :: ICMPPingSource: N bytes from ADDR: icmp_seq=S ttl=T time=M.UUU ms");
 * a second reply for one sequence number counts as a duplicate.  With MIRROR (push output) the
 * reply itself becomes the next request.  Other packets are dropped (reason "not a reply").
 * At cleanup, with an input and VERBOSE, the summary is printed under the element's name.
 *
 * Handlers: active, src, dst (Click's "type mismatch" / "syntax error"), count, limit,
 * interval, reset_counts, and with an input summary, rtt_min, rtt_avg, rtt_max.  MIRROR with a
 * pull output is refused at initialization with Click's configure message. */
#include "ip/ckip.h"
#include "standard/ckbool.h"
#include <errno.h>

static ck_timer ELEM(timer);
static uint32_t ELEM(src), ELEM(dst);
static int64_t ELEM(count), ELEM(limit);
static int64_t ELEM(interval_ns);
static int ELEM(active), ELEM(stop), ELEM(live);
/* Click's ReceiverInfo: allocated only with an input */
typedef struct {
    int nreceived, nduplicate;
    uint32_t time_min, time_max;
    uint64_t time_sum, time_sq_sum;
    int64_t send_ts[65536]; /* ns, indexed by the raw sequence field; negated once answered */
} ELEM(receiver_t);
static ELEM(receiver_t) *ELEM(rcv);

static CK_UNUSED void ELEM(update_live)(void)
{
    int live = ELEM(active) && (ELEM(limit) < 0 || ELEM(count) < ELEM(limit)
                                || (ELEM(stop) && (!OUTPUT_IS_PUSH(0) || ELEM(timer).scheduled)));
    if (live != ELEM(live)) {
        ck_source_active(live ? 1 : -1);
        ELEM(live) = live;
    }
}

/* Click's make_packet: q is a received reply to reuse (MIRROR) or NULL for a new packet. */
static ck_packet *ELEM(make_packet)(ck_packet *q)
{
    const uint32_t hsz = CKIP_HDR + 8;
    const uint32_t dlen = CONF_GIVEN(DATA) ? (uint32_t)CONF_LEN(DATA) : 0;
    int fresh = q == NULL;
    if (fresh)
        q = ck_packet_alloc(hsz + dlen);
    if (!q)
        return NULL;
    memset(q->data, 0, hsz);
#if CONF_GIVEN(DATA)
    if (fresh)
        memcpy(q->data + hsz, CONF(DATA), dlen);
#endif
    unsigned char *ip = q->data, *icmp = q->data + CKIP_HDR;
    uint16_t id = (uint16_t)(ELEM(count) % 0xFFFF + 1);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)q->len);
    ck_put16(ip + CKIP_ID, id);
    ip[CKIP_P] = CKIP_PROTO_ICMP;
    ip[CKIP_TTL] = 200;
    memcpy(ip + CKIP_SRC, &ELEM(src), 4);
    memcpy(ip + CKIP_DST, &ELEM(dst), 4);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    icmp[0] = CKICMP_ECHO;
    /* Click on Linux stores IDENTIFIER in host byte order (it converts only elsewhere) */
    ck_set_raw16(icmp + 4, (uint16_t)CONF(IDENTIFIER));
    ck_put16(icmp + 6, id);
    /* Click sums 8 + DATA bytes whatever the packet's length; a mirrored reply may be shorter */
    uint32_t clen = 8 + dlen;
    if (clen > q->len - CKIP_HDR)
        clen = q->len - CKIP_HDR;
    ck_set_raw16(icmp + 2, ck_in_cksum(icmp, clen));
    memcpy(q->anno + DST_IP_ANNO_OFFSET, &ELEM(dst), 4);
    ck_set_network_header(q, ip, CKIP_HDR);
    q->ts_ns = ck_now_ns();
    if (ELEM(rcv))
        ELEM(rcv)->send_ts[ck_raw16(icmp + 6)] = q->ts_ns;
    return q;
}

static void ELEM(fire)(void *arg)
{
    (void)arg;
    if (ELEM(count) >= ELEM(limit) && ELEM(limit) >= 0) {
        if (ELEM(stop))
            ck_router_stop();
    } else {
        ck_packet *q = ELEM(make_packet)(NULL);
        if (q) {
            ck_source_count(1);
            OUTPUT(0, q);
            ELEM(count)++;
            ck_timer_schedule_at(&ELEM(timer), ELEM(timer).expiry_ns + ELEM(interval_ns));
        } else
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    ELEM(update_live)();
}

static int
ELEM(init)(ck_errh *errh)
{
    if (!OUTPUT_IS_PUSH(0) && CONF(MIRROR))
        return ck_error(errh, "MIRROR invalid on pull element");
    ELEM(src) = (uint32_t)CONF(SRC);
    ELEM(dst) = (uint32_t)CONF(DST);
    ELEM(interval_ns) = (int64_t)CONF(INTERVAL) * 1000000;
    ELEM(limit) = (int64_t)CONF(LIMIT);
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    ELEM(stop) = CONF(STOP) ? 1 : 0;
    ELEM(count) = 0;
    if (NINPUTS == 1) {
        ELEM(rcv) = calloc(1, sizeof *ELEM(rcv));
        if (!ELEM(rcv))
            return ck_error(errh, "out of memory!");
    }
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    if (ELEM(limit) != 0 && ELEM(active) && OUTPUT_IS_PUSH(0))
        ck_timer_schedule_after(&ELEM(timer), ELEM(interval_ns));
    ELEM(update_live)();
    return 0;
}

static CK_UNUSED ck_packet *ELEM(pull)(int port)
{
    (void)port;
    ck_packet *p = NULL;
    if (ELEM(count) < ELEM(limit) || ELEM(limit) < 0) {
        if ((p = ELEM(make_packet)(NULL)) != NULL) {
            ck_source_count(1);
            ELEM(count)++;
        }
    } else if (ELEM(stop)) {
        ck_router_stop();
        ELEM(stop) = 0;
    }
    ELEM(update_live)();
    return p;
}

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    const unsigned char *iph = ck_network_header(p);
    const unsigned char *icmph = ck_transport_header(p);
    if (iph && icmph && ck_network_length(p) >= CKIP_HDR && ck_transport_length(p) >= 8
        && iph[CKIP_P] == CKIP_PROTO_ICMP && icmph[0] == CKICMP_ECHOREPLY
        && ck_raw16(icmph + 4) == (uint16_t)CONF(IDENTIFIER) && ELEM(rcv)) {
        ELEM(receiver_t) *ri = ELEM(rcv);
        int64_t *send_ts = &ri->send_ts[ck_raw16(icmph + 6)];
        if (*send_ts) {
            if (*send_ts < 0) {
                ri->nduplicate++;
                *send_ts = -*send_ts;
            }
            uint32_t diffval;
            if (p->ts_ns) {
                int64_t d = p->ts_ns - *send_ts;
                /* Timestamp::usecval: whole microseconds, rounded down */
                diffval = (uint32_t)(d >= 0 ? d / 1000 : -((-d + 999) / 1000));
                if (diffval < ri->time_min || !ri->nreceived)
                    ri->time_min = diffval;
                if (diffval > ri->time_max || !ri->nreceived)
                    ri->time_max = diffval;
                ri->time_sum += diffval;
                ri->time_sq_sum += (uint64_t)diffval * diffval;
            } else
                diffval = 0;
            ri->nreceived++;
            *send_ts = -*send_ts;
            if (CONF(VERBOSE)) {
                char a[16];
                ck_ip_unparse(a, ck_raw32(iph + CKIP_SRC));
                ck_chatter("%s :: ICMPPingSource: %d bytes from %s: icmp_seq=%u ttl=%u "
                           "time=%u.%03u ms", ELEMENT_NAME,
                           (int)(ck_get16(iph + CKIP_LEN) - ((iph[CKIP_VHL] & 0xF) << 2) - 8),
                           a, ck_get16(icmph + 6), iph[CKIP_TTL], diffval / 1000,
                           diffval % 1000);
            }
        }
        if (CONF(MIRROR) && OUTPUT_IS_PUSH(0)) {
            ck_packet *q = ck_packet_uniqueify(p);
            if (!q)
                return;
            const unsigned char *nh = ck_network_header(q);
            if (q->data < nh)
                ck_packet_pull(q, (uint32_t)(nh - q->data));
            if (q->len < CKIP_HDR + 8) {
                ck_drop(q, ELEMENT_INDEX, "reply too short to mirror");
                return;
            }
            q = ELEM(make_packet)(q);
            if (q) {
                OUTPUT(0, q);
                ++ELEM(count);
            }
            return;
        }
    }
    ck_drop(p, ELEMENT_INDEX, "not a reply");
}

#include "standard/ckisqrt.h"

static CK_UNUSED int ELEM(read_summary)(ck_buf *out)
{
    ELEM(receiver_t) *ri = ELEM(rcv);
    if (!ri)
        return -ENOENT; /* Click adds the handler only with an input */
    int count = (int)ELEM(count);
    ck_buf_printf(out, "%d packets transmitted, %d received", count,
                  ri->nreceived - ri->nduplicate);
    if (ri->nduplicate)
        ck_buf_printf(out, ", +%d duplicates", ri->nduplicate);
    if (count)
        ck_buf_printf(out, ", %d%% packet loss\n",
                      (count - ri->nreceived - ri->nduplicate) * 100 / count);
    if (ri->nreceived) {
        uint64_t avg = ri->time_sum / (uint64_t)ri->nreceived;
        uint64_t avg_sq = ri->time_sq_sum / (uint64_t)ri->nreceived;
        uint64_t stdev = ck_isqrt(avg_sq - avg * avg);
        ck_buf_printf(out, "rtt min/avg/max/mdev = %u.%03u/%u.%03u/%u.%03u/%u.%03u\n",
                      ri->time_min / 1000, ri->time_min % 1000, (unsigned)(avg / 1000),
                      (unsigned)(avg % 1000), ri->time_max / 1000, ri->time_max % 1000,
                      (unsigned)(stdev / 1000), (unsigned)(stdev % 1000));
    }
    return 0;
}

/* Click's cp_unparse_microseconds */
static CK_UNUSED void ELEM(unparse_us)(ck_buf *out, uint32_t us)
{
    if (us && us < 1000)
        ck_buf_printf(out, "%uus", us);
    else if (us % 1000000 == 0)
        ck_buf_printf(out, "%us", us / 1000000);
    else {
        char frac[8];
        snprintf(frac, sizeof frac, "%06u", us % 1000000);
        int n = 6;
        while (n > 0 && frac[n - 1] == '0')
            frac[--n] = '\0';
        ck_buf_printf(out, "%u.%ss", us / 1000000, frac);
    }
}

static CK_UNUSED int ELEM(read_rtt_min)(ck_buf *out)
{
    if (!ELEM(rcv))
        return -ENOENT;
    ELEM(unparse_us)(out, ELEM(rcv)->time_min);
    return 0;
}

static CK_UNUSED int ELEM(read_rtt_max)(ck_buf *out)
{
    if (!ELEM(rcv))
        return -ENOENT;
    ELEM(unparse_us)(out, ELEM(rcv)->time_max);
    return 0;
}

static CK_UNUSED int ELEM(read_rtt_avg)(ck_buf *out)
{
    if (!ELEM(rcv))
        return -ENOENT;
    ELEM(receiver_t) *ri = ELEM(rcv);
    ELEM(unparse_us)(out, (uint32_t)(ri->time_sum / (uint64_t)(ri->nreceived ? ri->nreceived : 1)));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
    if (ELEM(rcv)) {
        if (CONF(VERBOSE)) {
            ck_buf b;
            ck_buf_init(&b);
            ELEM(read_summary)(&b);
            const char *s = b.s ? b.s : "";
            size_t n = b.len;
            while (n > 0) {
                const char *nl = memchr(s, '\n', n);
                size_t l = nl ? (size_t)(nl - s) : n;
                ck_chatter("%s :: ICMPPingSource: %.*s", ELEMENT_NAME, (int)l, s);
                s += l + (nl ? 1 : 0);
                n -= l + (nl ? 1 : 0);
            }
            ck_buf_free(&b);
        }
        free(ELEM(rcv));
        ELEM(rcv) = NULL;
    }
    if (ELEM(live))
        ck_source_active(-1);
    ELEM(live) = 0;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(active, ELEM(active));
CK_DATA_READ(count, (int)ELEM(count));
CK_DATA_READ_IP(src, ELEM(src));
CK_DATA_READ_IP(dst, ELEM(dst));

static CK_UNUSED int ELEM(write_active)(const char *value, ck_errh *errh)
{
    if (ck_write_bool(value, &ELEM(active), "type mismatch", errh) < 0)
        return -1;
    if (ELEM(active) && !ELEM(timer).scheduled && OUTPUT_IS_PUSH(0))
        ck_timer_schedule_after(&ELEM(timer), 0);
    else if (!ELEM(active))
        ck_timer_unschedule(&ELEM(timer));
    ELEM(update_live)();
    return 0;
}

CK_DATA_WRITE_IP(src, ELEM(src), "syntax error");
CK_DATA_WRITE_IP(dst, ELEM(dst), "syntax error");

static CK_UNUSED int ELEM(write_limit)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_int64(value, &v) < 0 || v < INT32_MIN || v > INT32_MAX)
        return ck_error(errh, "'limit' should be integer");
    ELEM(limit) = v;
    if ((ELEM(count) < ELEM(limit) || ELEM(limit) < 0) && ELEM(active)
        && !ELEM(timer).scheduled && OUTPUT_IS_PUSH(0))
        ck_timer_schedule_after(&ELEM(timer), ELEM(interval_ns));
    ELEM(update_live)();
    return 0;
}

static CK_UNUSED int ELEM(write_interval)(const char *value, ck_errh *errh)
{
    int64_t v;
    if (ck_parse_time_ns(value, &v) < 0 || v < 0)
        return ck_error(errh, "'interval' should be an interval");
    ELEM(interval_ns) = v / 1000000 * 1000000; /* SecondsArg(3): milliseconds */
    return 0;
}

static CK_UNUSED int ELEM(write_reset_counts)(const char *value, ck_errh *errh)
{
    (void)value, (void)errh;
    ELEM(count) = 0;
    if (ELEM(rcv))
        memset(ELEM(rcv), 0, sizeof *ELEM(rcv));
    if (ELEM(count) < ELEM(limit) && ELEM(active) && !ELEM(timer).scheduled
        && OUTPUT_IS_PUSH(0))
        ck_timer_schedule_after(&ELEM(timer), ELEM(interval_ns));
    ELEM(update_live)();
    return 0;
}
