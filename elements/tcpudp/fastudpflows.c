/* FastUDPFlows(RATE, LIMIT, LENGTH, SRCETH, SRCIP, DSTETH, DSTIP, FLOWS, FLOWSIZE [, CHECKSUM,
 * ACTIVE, BURST, FLOWBURST, SEQUENTIAL, DUPLICATE, STOP]): a pull source of FLOWS
 * Ethernet/IP/UDP packets of LENGTH bytes (at least 60, as Click's set_length), for benchmarks
 * (Click's elements/tcpudp/fastudpflows.cc).  Each flow's packet is made at initialization with
 * ports (click_random() >> 2) % 0xFFFF each, source then destination (random(), seeded by
 * RandomSeed, as in Click); each pull picks a flow the same way and sends a clone of its
 * packet; a flow that has sent FLOWSIZE packets first gets new random ports (and UDP
 * checksum).  IP TTL 250, ID 0; the UDP checksum unless CHECKSUM is false.  RATE, LIMIT,
 * ACTIVE and the handlers are the shared benchmark-source part (userlevel/ckfastsrc.h).
 *
 * FastClick's keywords (its elements/tcpudp/fastudpflows.cc; docs/more-elements.md): FLOWBURST
 * sends that many packets in a row from one choice: a choice resets a burst count to 1, and
 * while the count (then incremented) is below FLOWBURST the packet comes from flow `index %
 * FLOWS`, FastClick's per-thread index (0 unless SEQUENTIAL moves it), not from the flow last
 * chosen.  SEQUENTIAL chooses flow index++ % FLOWS instead of a random one and changes a flow's
 * ports to (port + 1) % 0xFFFF each (the port fields read as stored, like the random ones)
 * instead of random ones.  DUPLICATE sends a copy instead of a clone.  STOP stops the driver
 * once LIMIT packets are sent (the `stop` handler reads and sets it).
 *
 * FastClick's FastUDPFlows is agnostic: in push context a task pushes up to BURST packets
 * per run, never past LIMIT (FastClick's last batch may go past it); pulled, each pull
 * returns one.  Handlers beyond Click's source ones: `length` (Click's and
 * FastClick's: a new length makes the flows anew, with new random ports, and the count
 * restarts), `limit` read, `srceth` and `dsteth` (FastClick's: the addresses of the packets
 * from now on). */
#include "ip/ckip.h"
#include "standard/ckrandom.h"

typedef struct ELEM(flow) {
    ck_packet *packet;
    uint32_t sent;
} ELEM(flow);

static ELEM(flow) *ELEM(flows);
static uint32_t ELEM(nflows), ELEM(len);
static unsigned char ELEM(srceth)[6], ELEM(dsteth)[6]; /* FastClick's srceth and dsteth */
static uint32_t ELEM(index), ELEM(burst_count) = 1; /* FastClick's per-thread flow state */
static int ELEM(stop); /* STOP, also FastClick's `stop` handler */

/* New ports and checksum for the packet q of a flow (Click's change_ports): random ones, or
 * with `next` (SEQUENTIAL after initialization) the ports as stored plus one. */
static void ELEM(set_ports)(ck_packet *q, int next)
{
    unsigned char *ip = q->data + 14, *udp = ip + CKIP_HDR;
    uint16_t sport, dport;
    if (next) {
        memcpy(&sport, udp, 2);
        memcpy(&dport, udp + 2, 2);
        sport = (uint16_t)(((uint32_t)sport + 1) % 0xFFFF);
        dport = (uint16_t)(((uint32_t)dport + 1) % 0xFFFF);
    } else {
        sport = (uint16_t)(((uint32_t)ck_click_random() >> 2) % 0xFFFF);
        dport = (uint16_t)(((uint32_t)ck_click_random() >> 2) % 0xFFFF);
    }
    /* Click assigns the numbers to the network-order fields without htons */
    memcpy(udp, &sport, 2);
    memcpy(udp + 2, &dport, 2);
    uint32_t len = (uint16_t)(ELEM(len) - 14 - CKIP_HDR);
    if (CONF(CHECKSUM)) {
        ck_set_raw16(udp + 6, 0);
        ck_transport_set_cksum(ip, udp, len, 6);
    } else
        ck_set_raw16(udp + 6, 0);
}

static ck_packet *ELEM(next_packet)(void)
{
    if (!ELEM(nflows))
        return NULL;
    uint32_t f;
    if (ELEM(burst_count)++ < (uint32_t)CONF(FLOWBURST))
        f = ELEM(index) % ELEM(nflows);
    else {
        f = (CONF(SEQUENTIAL) ? ELEM(index)++ : (uint32_t)ck_click_random() >> 2) % ELEM(nflows);
        ELEM(burst_count) = 1;
    }
    ELEM(flow) *fl = &ELEM(flows)[f];
    if (!fl->packet)
        return NULL;
    if (fl->sent == (uint32_t)CONF(FLOWSIZE)) {
        ck_packet *q = ck_packet_uniqueify(fl->packet);
        fl->packet = q;
        if (!q)
            return NULL;
        ELEM(set_ports)(q, CONF(SEQUENTIAL));
        fl->sent = 0;
    }
    fl->sent++;
    ck_packet *p = ck_packet_clone(fl->packet);
    if (p && CONF(DUPLICATE))
        p = ck_packet_uniqueify(p);
    return p;
}

/* STOP: the driver stops once LIMIT packets are sent (FastClick's please_stop_driver). */
#define FASTSRC_AFTER(count)                                                                 \
    do {                                                                                     \
        if (ELEM(stop) && ELEM(limit) != CK_FUS_NO_LIMIT && (count) >= ELEM(limit))          \
            ck_router_stop();                                                                \
    } while (0)

#include "userlevel/ckfastsrc.h"

/* The flows' packets, made anew (Click's and FastClick's initialize): LENGTH bytes from the
 * current Ethernet addresses, random ports; the count restarts.  -1 without memory. */
static int ELEM(build_flows)(void)
{
    ELEM(flows) = calloc(ELEM(nflows) ? ELEM(nflows) : 1, sizeof *ELEM(flows));
    if (!ELEM(flows))
        return -1;
    for (uint32_t i = 0; i < ELEM(nflows); i++) {
        ck_packet *q = ck_packet_alloc(ELEM(len));
        if (!q)
            return -1;
        ck_fastsrc_udp_template(q, ELEM(len), ELEM(srceth), ELEM(dsteth),
                                (uint32_t)CONF(SRCIP), (uint32_t)CONF(DSTIP));
        ELEM(set_ports)(q, 0);
        ELEM(flows)[i].packet = q;
    }
    ELEM(count) = 0;
    ELEM(update_live)();
    return 0;
}

static void ELEM(free_flows)(void)
{
    for (uint32_t i = 0; ELEM(flows) && i < ELEM(nflows); i++)
        if (ELEM(flows)[i].packet)
            ck_packet_kill(ELEM(flows)[i].packet);
    free(ELEM(flows));
    ELEM(flows) = NULL;
}

/* LENGTH, at least 60 (with Click's warning). */
static void ELEM(set_length)(int64_t len)
{
    if (len < 60) {
        ck_chatter("warning: packet length < 60, defaulting to 60");
        len = 60;
    }
    ELEM(len) = (uint32_t)len;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(set_length)((int64_t)CONF(LENGTH));
    ELEM(nflows) = (uint32_t)CONF(FLOWS);
    ELEM(stop) = CONF(STOP) ? 1 : 0;
    memcpy(ELEM(srceth), CONF(SRCETH), 6);
    memcpy(ELEM(dsteth), CONF(DSTETH), 6);
    ELEM(fastsrc_init)((uint32_t)CONF(RATE), (int64_t)CONF(LIMIT), (int)CONF(ACTIVE));
    if (ELEM(build_flows)() < 0)
        return ck_error(errh, "out of memory");
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ELEM(free_flows)();
    ELEM(fastsrc_cleanup)();
}

/* In push context (FastClick's run_task): while active and below LIMIT, a run pushes up to
 * BURST packets, fewer when the rate has none due or LIMIT is reached (FastClick's batch
 * completes its burst past LIMIT; clickc keeps to LIMIT, as the pulled element and Click's
 * FastUDPFlows, where `-> ToDump` pulls: docs/more-elements.md). */
static CK_UNUSED int ELEM(run_task)(void)
{
    if (!OUTPUT_IS_PUSH(0))
        return 0;
    int sent = 0;
    for (uint32_t i = 0; i < (uint32_t)CONF(BURST) && !ELEM(idle)(); i++) {
        ck_packet *p = ELEM(take)();
        if (!p)
            break;
        OUTPUT(0, p);
        sent++;
    }
    return sent;
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(stop, ELEM(stop));
CK_DATA_WRITE_BOOL(stop, ELEM(stop), "expected boolean");
CK_DATA_READ(length, ELEM(len));
CK_DATA_READ(limit, ELEM(limit));

/* Click's and FastClick's length handler: a different length makes the flows anew (new
 * random ports, the count from 0). */
static CK_UNUSED int ELEM(write_length)(const char *value, ck_errh *errh)
{
    uint64_t v;
    if (ck_parse_uint64(value, &v) < 0 || v > UINT32_MAX)
        return ck_error(errh, "length parameter must be integer");
    if (v != ELEM(len)) {
        ELEM(set_length)((int64_t)v);
        ELEM(free_flows)();
        if (ELEM(build_flows)() < 0)
            return ck_error(errh, "out of memory");
    }
    return 0;
}

/* FastClick's srceth and dsteth handlers: the address of the packets sent from now on (a
 * flow's packet is copied first when clones of it are still out). */
static int ELEM(write_eth)(const char *value, ck_errh *errh, unsigned char *addr)
{
    unsigned char a[6];
    if (ck_parse_ether(value, a) < 0)
        return ck_error(errh, "Invalid argument");
    memcpy(addr, a, 6);
    for (uint32_t i = 0; ELEM(flows) && i < ELEM(nflows); i++) {
        ck_packet *q = ELEM(flows)[i].packet;
        if (q && (q = ck_packet_uniqueify(q)) == NULL)
            return ck_error(errh, "out of memory");
        ELEM(flows)[i].packet = q;
        if (q) {
            memcpy(q->data, ELEM(dsteth), 6);
            memcpy(q->data + 6, ELEM(srceth), 6);
        }
    }
    return 0;
}

static CK_UNUSED int ELEM(write_srceth)(const char *value, ck_errh *errh)
{
    return ELEM(write_eth)(value, errh, ELEM(srceth));
}

static CK_UNUSED int ELEM(write_dsteth)(const char *value, ck_errh *errh)
{
    return ELEM(write_eth)(value, errh, ELEM(dsteth));
}
