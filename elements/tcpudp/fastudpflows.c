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
 * once LIMIT packets are sent (the `stop` handler reads and sets it).  BURST is FastClick's batch size when it pushes; this pull
 * element has no use for it, as FastClick's pulled FastUDPFlows. */
#include "ip/ckip.h"
#include "standard/ckrandom.h"

typedef struct ELEM(flow) {
    ck_packet *packet;
    uint32_t sent;
} ELEM(flow);

static ELEM(flow) *ELEM(flows);
static uint32_t ELEM(nflows), ELEM(len);
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
    if (fl->sent == (uint32_t)CONF(FLOWSIZE)) {
        ck_packet *q = ck_packet_uniqueify(fl->packet);
        fl->packet = q;
        if (!q)
            return NULL;
        ELEM(set_ports)(q, CONF(SEQUENTIAL));
        fl->sent = 0;
    }
    if (!fl->packet)
        return NULL;
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

static int
ELEM(init)(ck_errh *errh)
{
    int64_t len = (int64_t)CONF(LENGTH);
    ELEM(len) = len < 60 ? 60 : (uint32_t)len;
    ELEM(nflows) = (uint32_t)CONF(FLOWS);
    ELEM(stop) = CONF(STOP) ? 1 : 0;
    ELEM(flows) = calloc(ELEM(nflows) ? ELEM(nflows) : 1, sizeof *ELEM(flows));
    if (!ELEM(flows))
        return ck_error(errh, "out of memory");
    for (uint32_t i = 0; i < ELEM(nflows); i++) {
        ck_packet *q = ck_packet_alloc(ELEM(len));
        if (!q)
            return ck_error(errh, "out of memory");
        ck_fastsrc_udp_template(q, ELEM(len), CONF(SRCETH), CONF(DSTETH),
                                (uint32_t)CONF(SRCIP), (uint32_t)CONF(DSTIP));
        ELEM(set_ports)(q, 0);
        ELEM(flows)[i].packet = q;
    }
    ELEM(fastsrc_init)((uint32_t)CONF(RATE), (int64_t)CONF(LIMIT), (int)CONF(ACTIVE));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; ELEM(flows) && i < ELEM(nflows); i++)
        if (ELEM(flows)[i].packet)
            ck_packet_kill(ELEM(flows)[i].packet);
    free(ELEM(flows));
    ELEM(flows) = NULL;
    ELEM(fastsrc_cleanup)();
}

#include "standard/ckdata.h"
CK_DATA_READ_BOOL(stop, ELEM(stop));
CK_DATA_WRITE_BOOL(stop, ELEM(stop), "expected boolean");
