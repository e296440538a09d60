/* RIPSend(SRC, DST, PREFIX, METRIC): a runtime timer pushes, 3 seconds after the start and then
 * every 30 seconds, an IPv4/UDP (port 520 to 520) RIP II response (command 2, version 2) with
 * one entry: address family 2, PREFIX's address and mask, next hop SRC, METRIC (Click's
 * elements/ip/ripsend.cc).  IP TTL 200, ID 0; the UDP checksum is Click's: the Internet sum
 * over the pseudo-header fields laid out in the IP header's place and the UDP datagram (stored
 * as computed).  The timer stays pending, so the router runs until stopped, as Click's. */
#include "ip/ckip.h"

static ck_timer ELEM(timer);

static void ELEM(fire)(void *arg)
{
    (void)arg;
    enum { LEN = CKIP_HDR + 8 + 24 };
    ck_packet *p = ck_packet_alloc(LEN);
    if (p) {
        unsigned char *ip = p->data, *udp = ip + CKIP_HDR, *r = udp + 8;
        uint32_t src = (uint32_t)CONF(SRC), dst = (uint32_t)CONF(DST);
        uint32_t what = (uint32_t)CONF(PREFIX).addr, mask = (uint32_t)CONF(PREFIX).mask;
        uint32_t metric = (uint32_t)(int32_t)CONF(METRIC);
        memset(ip, 0, LEN);
        ck_put16(ip + CKIP_LEN, LEN - CKIP_HDR); /* pseudo-header fields first */
        ip[CKIP_P] = CKIP_PROTO_UDP;
        memcpy(ip + CKIP_SRC, &src, 4);
        memcpy(ip + CKIP_DST, &dst, 4);
        r[0] = 2;
        r[1] = 2;
        r[5] = 2;
        memcpy(r + 8, &what, 4);
        memcpy(r + 12, &mask, 4);
        memcpy(r + 16, &src, 4);
        for (int b = 0; b < 4; b++)
            r[20 + b] = (unsigned char)(metric >> (24 - 8 * b));
        ck_put16(udp, 520);
        ck_put16(udp + 2, 520);
        ck_put16(udp + 4, LEN - CKIP_HDR);
        ck_set_raw16(udp + 6, ck_in_cksum(ip, LEN));
        ck_put16(ip + CKIP_LEN, LEN);
        ip[CKIP_VHL] = 0x45;
        ip[CKIP_TTL] = 200;
        ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
        ck_set_network_header(p, ip, CKIP_HDR);
        OUTPUT(0, p);
    } else
        ck_count_drop(ELEMENT_INDEX, "out of memory");
    ck_timer_schedule_after(&ELEM(timer), (int64_t)30 * 1000000000);
}

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ck_timer_init(&ELEM(timer), ELEM(fire), NULL);
    ck_timer_schedule_after(&ELEM(timer), (int64_t)3 * 1000000000);
    return 0;
}

static void
ELEM(cleanup)(void)
{
    ck_timer_unschedule(&ELEM(timer));
}
