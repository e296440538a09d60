/* FastTCPFlows(RATE, LIMIT, LENGTH, SRCETH, SRCIP, DSTETH, DSTIP, FLOWS, FLOWSIZE [, ACTIVE]):
 * a pull source of FLOWS TCP flows of Ethernet/IP/TCP packets of LENGTH bytes (at least 60,
 * with Click's warning), for benchmarks (Click's elements/tcpudp/fasttcpflows.cc).  Each flow
 * has three packets made at initialization, a SYN, a data packet (PSH ACK) and a FIN, sharing
 * ports (click_random() >> 2) % 0xFFFF each (source then destination, stored without byte
 * swapping as Click does), each with its own random sequence and acknowledgment numbers
 * (Click's draws in Click's order: ports, then seq and ack of the SYN, the data packet and the
 * FIN), window 65535, zero payload and a TCP checksum; IP TTL 250, ID 0.  Each pull picks a
 * flow ((click_random() >> 2) % FLOWS) and sends a clone of its SYN (the flow's first
 * packet), FIN (its FLOWSIZE-th) or data packet; a flow that has sent FLOWSIZE packets first
 * gets new random ports (FLOWSIZE below 3 is 3, with Click's warning).  Once LIMIT packets
 * are sent, each flow that has not sent its FIN sends it, in flow order, and then the source
 * ends (the FINs count in `count`).  RATE, ACTIVE and the handlers are the shared
 * benchmark-source part (userlevel/ckfastsrc.h). */
#include "ip/ckip.h"
#include "standard/ckrandom.h"

typedef struct ELEM(flow) {
    ck_packet *syn, *data, *fin;
    uint32_t sent;
} ELEM(flow);

static ELEM(flow) *ELEM(flows);
static uint32_t ELEM(nflows), ELEM(len), ELEM(flowsize);
static uint32_t ELEM(open); /* flows that have not sent their FIN */

static ck_packet *ELEM(next_packet)(void);
#define FASTSRC_AFTER_LIMIT() (ELEM(open) > 0)
#include "userlevel/ckfastsrc.h"

static uint16_t ELEM(random_port)(void)
{
    return (uint16_t)(((uint32_t)ck_click_random() >> 2) % 0xFFFF);
}

/* q's ports (in Click's unswapped byte order) and TCP checksum. */
static void ELEM(set_ports)(ck_packet *q, uint16_t sport, uint16_t dport)
{
    unsigned char *ip = q->data + 14, *tcp = ip + CKIP_HDR;
    memcpy(tcp, &sport, 2);
    memcpy(tcp + 2, &dport, 2);
    ck_transport_set_cksum(ip, tcp, ELEM(len) - 14 - CKIP_HDR, 16);
}

/* A new packet of flow f with TCP flags `flags`. */
static ck_packet *ELEM(make)(uint16_t sport, uint16_t dport, uint8_t flags)
{
    ck_packet *q = ck_packet_alloc(ELEM(len));
    if (!q)
        return NULL;
    memset(q->data, 0, ELEM(len));
    memcpy(q->data, CONF(DSTETH), 6);
    memcpy(q->data + 6, CONF(SRCETH), 6);
    q->data[12] = 0x08;
    unsigned char *ip = q->data + 14, *tcp = ip + CKIP_HDR;
    uint32_t src = (uint32_t)CONF(SRCIP), dst = (uint32_t)CONF(DSTIP);
    ip[CKIP_VHL] = 0x45;
    ck_put16(ip + CKIP_LEN, (uint16_t)(ELEM(len) - 14));
    ip[CKIP_TTL] = 250;
    ip[CKIP_P] = CKIP_PROTO_TCP;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    ck_ip_set_cksum(ip, CKIP_HDR);
    ck_set_anno_u32(q, DST_IP_ANNO_OFFSET, dst);
    ck_set_network_header(q, ip, CKIP_HDR);
    uint32_t seq = (uint32_t)ck_click_random(), ack = (uint32_t)ck_click_random();
    /* Click assigns the random numbers to the network-order fields without htonl */
    memcpy(tcp + 4, &seq, 4);
    memcpy(tcp + 8, &ack, 4);
    tcp[12] = 5 << 4;
    tcp[13] = flags;
    tcp[14] = tcp[15] = 0xFF;
    ELEM(set_ports)(q, sport, dport);
    return q;
}

/* Click's change_ports: the flow's three packets get new ports (copied first when clones of
 * them are still out). */
static int ELEM(change_ports)(ELEM(flow) *fl)
{
    uint16_t sport = ELEM(random_port)(), dport = ELEM(random_port)();
    ck_packet **ps[3] = {&fl->syn, &fl->data, &fl->fin};
    for (int i = 0; i < 3; i++) {
        ck_packet *q = *ps[i] ? ck_packet_uniqueify(*ps[i]) : NULL;
        *ps[i] = q;
        if (!q)
            return -1;
        ELEM(set_ports)(q, sport, dport);
    }
    return 0;
}

/* Click's get_packet. */
static ck_packet *ELEM(next_packet)(void)
{
    if (!ELEM(nflows))
        return NULL;
    ELEM(flow) *fl;
    if (ELEM(limit) != 0xFFFFFFFFu && ELEM(count) >= ELEM(limit)) {
        uint32_t i = 0;
        while (i < ELEM(nflows) && ELEM(flows)[i].sent == ELEM(flowsize))
            i++;
        if (i == ELEM(nflows))
            return NULL;
        fl = &ELEM(flows)[i];
        fl->sent = ELEM(flowsize);
        ELEM(open)--;
        return fl->fin ? ck_packet_clone(fl->fin) : NULL;
    }
    fl = &ELEM(flows)[((uint32_t)ck_click_random() >> 2) % ELEM(nflows)];
    if (fl->sent == ELEM(flowsize)) {
        if (ELEM(change_ports)(fl) < 0)
            return NULL;
        fl->sent = 0;
        ELEM(open)++;
    }
    fl->sent++;
    if (fl->sent == ELEM(flowsize))
        ELEM(open)--;
    ck_packet *q = fl->sent == 1 ? fl->syn : fl->sent == ELEM(flowsize) ? fl->fin : fl->data;
    return q ? ck_packet_clone(q) : NULL;
}

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(flowsize) = (uint32_t)CONF(FLOWSIZE);
    if (ELEM(flowsize) < 3) {
        ck_chatter("warning: flow size < 3, defaulting to 3");
        ELEM(flowsize) = 3;
    }
    ELEM(len) = (uint32_t)CONF(LENGTH);
    if (ELEM(len) < 60) {
        ck_chatter("warning: packet length < 60, defaulting to 60");
        ELEM(len) = 60;
    }
    ELEM(nflows) = (uint32_t)CONF(FLOWS);
    ELEM(flows) = calloc(ELEM(nflows) ? ELEM(nflows) : 1, sizeof *ELEM(flows));
    if (!ELEM(flows))
        return ck_error(errh, "out of memory");
    for (uint32_t i = 0; i < ELEM(nflows); i++) {
        ELEM(flow) *fl = &ELEM(flows)[i];
        uint16_t sport = ELEM(random_port)(), dport = ELEM(random_port)();
        fl->syn = ELEM(make)(sport, dport, 0x02);
        fl->data = ELEM(make)(sport, dport, 0x08 | 0x10);
        fl->fin = ELEM(make)(sport, dport, 0x01);
        if (!fl->syn || !fl->data || !fl->fin)
            return ck_error(errh, "out of memory");
    }
    ELEM(open) = ELEM(nflows);
    ELEM(fastsrc_init)((uint32_t)CONF(RATE), (int64_t)CONF(LIMIT), (int)CONF(ACTIVE));
    return 0;
}

static void
ELEM(cleanup)(void)
{
    for (uint32_t i = 0; ELEM(flows) && i < ELEM(nflows); i++) {
        ck_packet *ps[3] = {ELEM(flows)[i].syn, ELEM(flows)[i].data, ELEM(flows)[i].fin};
        for (int k = 0; k < 3; k++)
            if (ps[k])
                ck_packet_kill(ps[k]);
    }
    free(ELEM(flows));
    ELEM(flows) = NULL;
    ELEM(fastsrc_cleanup)();
}
