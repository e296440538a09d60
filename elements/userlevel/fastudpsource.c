/* FastUDPSource(RATE, LIMIT, LENGTH, SRCETH, SRCIP, SPORT, DSTETH, DSTIP, DPORT [, CHECKSUM,
 * INTERVAL, ACTIVE]): a pull source of clones of one Ethernet/IP/UDP packet of LENGTH bytes
 * (at least 60: Click's warning), for benchmarks (Click's elements/userlevel/fastudpsrc.cc).
 * IP TTL 250, ID 0; the UDP checksum unless CHECKSUM is false.  Every INTERVAL packets (when
 * above 0) both ports grow by one (the template is copied first when clones of it are still
 * out).  RATE, LIMIT, ACTIVE and the handlers count, rate, reset, active, limit are the shared
 * benchmark-source part (userlevel/ckfastsrc.h). */
#include "ip/ckip.h"

static uint32_t ELEM(len);

static void ELEM(udp_sum)(unsigned char *ip)
{
    unsigned char *udp = ip + CKIP_HDR;
    uint32_t len = (uint16_t)(ELEM(len) - 14 - CKIP_HDR);
    if (CONF(CHECKSUM))
        ck_transport_set_cksum(ip, udp, len, 6);
    else
        ck_set_raw16(udp + 6, 0);
}

#define FASTSRC_TEMPLATE CKIP_HDR
#include "userlevel/ckfastsrc.h"

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(set_length)();
    ck_packet *q = ck_packet_alloc(ELEM(len));
    if (!q)
        return ck_error(errh, "out of memory");
    ck_fastsrc_udp_template(q, ELEM(len), CONF(SRCETH), CONF(DSTETH), (uint32_t)CONF(SRCIP),
                            (uint32_t)CONF(DSTIP));
    unsigned char *ip = q->data + 14, *udp = ip + CKIP_HDR;
    ck_put16(udp, (uint16_t)CONF(SPORT));
    ck_put16(udp + 2, (uint16_t)CONF(DPORT));
    ELEM(packet) = q;
    ELEM(udp_sum)(ip);
    ELEM(fastsrc_init)((uint32_t)CONF(RATE), (int64_t)CONF(LIMIT), (int)CONF(ACTIVE));
    return 0;
}
