/* FastUDPFlows(RATE, LIMIT, LENGTH, SRCETH, SRCIP, DSTETH, DSTIP, FLOWS, FLOWSIZE [, CHECKSUM,
 * ACTIVE]): a pull source of FLOWS Ethernet/IP/UDP packets of LENGTH bytes (at least 60, as
 * Click's set_length), for benchmarks (Click's elements/tcpudp/fastudpflows.cc).  Each flow's
 * packet is made at initialization with ports (click_random() >> 2) % 0xFFFF each, source then
 * destination (random(), seeded by RandomSeed, as in Click); each pull picks a flow the same
 * way and sends a clone of its packet; a flow that has sent FLOWSIZE packets first gets new
 * random ports (and UDP checksum).  IP TTL 250, ID 0; the UDP checksum unless CHECKSUM is
 * false.  RATE, LIMIT, ACTIVE and the handlers are the shared benchmark-source part
 * (userlevel/ckfastsrc.h). */
#include "ip/ckip.h"
#include "standard/ckrandom.h"

typedef struct ELEM(flow) {
    ck_packet *packet;
    uint32_t sent;
} ELEM(flow);

static ELEM(flow) *ELEM(flows);
static uint32_t ELEM(nflows), ELEM(len);

/* New random ports and checksum for the packet of flow f (Click's change_ports). */
static void ELEM(set_ports)(ck_packet *q)
{
    unsigned char *ip = q->data + 14, *udp = ip + CKIP_HDR;
    uint16_t sport = (uint16_t)(((uint32_t)ck_click_random() >> 2) % 0xFFFF);
    uint16_t dport = (uint16_t)(((uint32_t)ck_click_random() >> 2) % 0xFFFF);
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
    uint32_t f = ((uint32_t)ck_click_random() >> 2) % ELEM(nflows);
    ELEM(flow) *fl = &ELEM(flows)[f];
    if (fl->sent == (uint32_t)CONF(FLOWSIZE)) {
        ck_packet *q = ck_packet_uniqueify(fl->packet);
        fl->packet = q;
        if (!q)
            return NULL;
        ELEM(set_ports)(q);
        fl->sent = 0;
    }
    if (!fl->packet)
        return NULL;
    fl->sent++;
    return ck_packet_clone(fl->packet);
}

#include "userlevel/ckfastsrc.h"

static int
ELEM(init)(ck_errh *errh)
{
    int64_t len = (int64_t)CONF(LENGTH);
    ELEM(len) = len < 60 ? 60 : (uint32_t)len;
    ELEM(nflows) = (uint32_t)CONF(FLOWS);
    ELEM(flows) = calloc(ELEM(nflows) ? ELEM(nflows) : 1, sizeof *ELEM(flows));
    if (!ELEM(flows))
        return ck_error(errh, "out of memory");
    for (uint32_t i = 0; i < ELEM(nflows); i++) {
        ck_packet *q = ck_packet_alloc(ELEM(len));
        if (!q)
            return ck_error(errh, "out of memory");
        ck_fastsrc_udp_template(q, ELEM(len), CONF(SRCETH), CONF(DSTETH),
                                (uint32_t)CONF(SRCIP), (uint32_t)CONF(DSTIP));
        ELEM(set_ports)(q);
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
