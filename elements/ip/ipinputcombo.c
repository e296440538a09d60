/* IPInputCombo(COLOR [, BADSRC, INTERFACES, GOODDST]): Click's elements/ip/ipinputcombo.cc.
 * Sets the paint annotation to COLOR, strips the 14-byte Ethernet header, checks the IP header
 * as CheckIPHeader does (at least 20 bytes, version 4, header length from 20 bytes up to the
 * IP length, IP length at most the packet's, header checksum, and the source address rule of
 * ip/ckbadsrc.h), marks it as the network header, trims the packet to the IP length and sets
 * the destination annotation to the IP destination.  A bad packet is dropped with its reason
 * (Click's reasons are one), counted in drops, and the first prints "IP checksum failed".
 * With ELEMENT_NTHREADS above 1 the drops counter is a relaxed atomic (standard/ckstat.h). */
#include "ip/ckip.h"
#include "standard/ckstat.h"
#include "ip/ckbadsrc.h"
static uint64_t ELEM(drops);

static ck_packet *ELEM(bad)(ck_packet *p, const char *reason)
{
    if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0)
        ck_chatter("IP checksum failed");
    ck_drop(p, ELEMENT_INDEX, reason);
    return NULL;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p->anno[PAINT_ANNO_OFFSET] = (uint8_t)CONF(COLOR);
    ck_packet_pull(p, 14);
    const unsigned char *ip = p->data;
    if (p->len < CKIP_HDR)
        return ELEM(bad)(p, "tiny packet");
    if (ip[CKIP_VHL] >> 4 != 4)
        return ELEM(bad)(p, "bad IP version");
    uint32_t hlen = (uint32_t)(ip[CKIP_VHL] & 0xF) << 2, len = ck_get16(ip + CKIP_LEN);
    if (hlen < CKIP_HDR)
        return ELEM(bad)(p, "bad IP header length");
    if (len > p->len || len < hlen)
        return ELEM(bad)(p, "bad IP length");
    if (ck_in_cksum(ip, hlen) != 0)
        return ELEM(bad)(p, "bad IP checksum");
    if (ELEM(bad_src)(ck_raw32(ip + CKIP_SRC)) && !ELEM(good_dst)(ck_raw32(ip + CKIP_DST)))
        return ELEM(bad)(p, "bad source address");
    ck_set_network_header(p, p->data, hlen);
    if (p->len > len)
        ck_packet_take(p, p->len - len);
    memcpy(p->anno + DST_IP_ANNO_OFFSET, ip + CKIP_DST, 4);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
