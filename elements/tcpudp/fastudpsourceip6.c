/* FastUDPSourceIP6(RATE, LIMIT, LENGTH, SRCETH, SRCIP6, SPORT, DSTETH, DSTIP6, DPORT [,
 * CHECKSUM, INTERVAL, ACTIVE]): FastUDPSource with an IPv6 header (Click's
 * elements/tcpudp/fastudpsrcip6.cc): clones of one Ethernet (0x86DD)/IPv6/UDP packet of LENGTH
 * bytes (at least 60), hop limit 250, the DST_IP6 annotation set; the UDP checksum with
 * Click's in6_fast_cksum unless CHECKSUM is false (the payload is zero; Click leaves it
 * uninitialized; at 60 bytes the UDP header is cut after its length field, as in Click); every INTERVAL packets both ports grow by one.  RATE, LIMIT, ACTIVE and the
 * handlers are the shared benchmark-source part (userlevel/ckfastsrc.h). */
#include "ip6/ckip6.h"

static uint32_t ELEM(len);

static void ELEM(udp_sum)(unsigned char *ip6)
{
    unsigned char *udp = ip6 + CKIP6_HDR;
    ck_set_raw16(udp + 6, 0);
    if (CONF(CHECKSUM)) {
        uint16_t plen = ck_raw16(ip6 + CKIP6_PLEN);
        ck_put16(udp + 6, ck_in6_fast_cksum(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, plen, 17, 0,
                                            udp, plen));
    }
}

#define FASTSRC_TEMPLATE CKIP6_HDR
#include "userlevel/ckfastsrc.h"

static int
ELEM(init)(ck_errh *errh)
{
    ELEM(set_length)();
    /* 60 bytes leave 6 for the UDP header: as in Click, its checksum field is written past
     * the packet's end (tailroom) */
    ck_packet *q = ck_packet_alloc_room(CK_HEADROOM, ELEM(len), 8);
    if (!q)
        return ck_error(errh, "out of memory");
    memset(q->data, 0, ELEM(len));
    memcpy(q->data, CONF(DSTETH), 6);
    memcpy(q->data + 6, CONF(SRCETH), 6);
    q->data[12] = 0x86;
    q->data[13] = 0xDD;
    unsigned char *ip6 = q->data + 14, *udp = ip6 + CKIP6_HDR;
    ip6[0] = 0x60;
    ck_put16(ip6 + CKIP6_PLEN, (uint16_t)(ELEM(len) - 14 - CKIP6_HDR));
    ip6[CKIP6_NXT] = 17;
    ip6[CKIP6_HLIM] = 250;
    memcpy(ip6 + CKIP6_SRC, CONF(SRCIP6), 16);
    memcpy(ip6 + CKIP6_DST, CONF(DSTIP6), 16);
    ck_set_dst_ip6_anno(q, ip6 + CKIP6_DST);
    ck_set_network_header(q, ip6, CKIP6_HDR);
    ck_put16(udp, (uint16_t)CONF(SPORT));
    ck_put16(udp + 2, (uint16_t)CONF(DPORT));
    ck_put16(udp + 4, (uint16_t)(ELEM(len) - 14 - CKIP6_HDR));
    ELEM(packet) = q;
    ELEM(udp_sum)(ip6);
    ELEM(fastsrc_init)((uint32_t)CONF(RATE), (int64_t)CONF(LIMIT), (int)CONF(ACTIVE));
    return 0;
}
