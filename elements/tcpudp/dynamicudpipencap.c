/* DynamicUDPIPEncap(SRC, SPORT, DST, DPORT [, CHECKSUM, INTERVAL]): UDPIPEncap whose ports
 * move (Click's elements/tcpudp/dynudpipencap.cc): prepends a UDP header and a 20-byte IPv4
 * header (TOS 0, TTL 250, no fragment bits, an ID counting from 0 per element, lengths from
 * the new packet's length, the IP checksum and, unless CHECKSUM is false, the UDP checksum),
 * sets the DST_IP annotation to DST and the network header.  After every INTERVAL packets
 * (INTERVAL > 0) SPORT and DPORT both grow by one, wrapping at 65536.  No handlers, as in
 * Click. */
#include "ip/ckip.h"

static uint16_t ELEM(id), ELEM(sport), ELEM(dport); /* host order */
static uint32_t ELEM(count);

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(sport) = (uint16_t)CONF(SPORT);
    ELEM(dport) = (uint16_t)CONF(DPORT);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP_HDR + 8);
    if (!p)
        return NULL;
    unsigned char *ip = p->data, *udp = ip + CKIP_HDR;
    uint32_t src = (uint32_t)CONF(SRC), dst = (uint32_t)CONF(DST);
    ip[CKIP_VHL] = 0x45;
    ip[CKIP_TOS] = 0;
    ck_put16(ip + CKIP_LEN, (uint16_t)p->len);
    ck_put16(ip + CKIP_ID, ELEM(id)++);
    ck_put16(ip + CKIP_OFF, 0);
    ip[CKIP_TTL] = 250;
    ip[CKIP_P] = CKIP_PROTO_UDP;
    memcpy(ip + CKIP_SRC, &src, 4);
    memcpy(ip + CKIP_DST, &dst, 4);
    ck_ip_set_cksum(ip, CKIP_HDR);
    ck_set_anno_u32(p, DST_IP_ANNO_OFFSET, dst);
    ck_set_network_header(p, ip, CKIP_HDR);
    uint16_t len = (uint16_t)(p->len - CKIP_HDR);
    ck_put16(udp, ELEM(sport));
    ck_put16(udp + 2, ELEM(dport));
    ck_put16(udp + 4, len);
    if (CONF(CHECKSUM))
        ck_transport_set_cksum(ip, udp, len, 6);
    else
        ck_set_raw16(udp + 6, 0);
    uint32_t interval = (uint32_t)CONF(INTERVAL);
    if (interval > 0 && ++ELEM(count) == interval) {
        ELEM(sport)++;
        ELEM(dport)++;
        ELEM(count) = 0;
    }
    return p;
}
#include "simple_action.h"
