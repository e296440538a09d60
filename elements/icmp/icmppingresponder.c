/* ICMPPingResponder: answers ICMP echo requests (Click's elements/icmp/icmppingresponder.cc).
 * An echo request becomes an echo reply in place: addresses swapped, fragment field cleared,
 * TTL 255 (both checksums updated incrementally, RFC 1624), the destination annotation set to
 * the new destination, the timestamp to now, the paint annotation to 0.  Other packets (not
 * ICMP, not an echo request, fewer than 8 ICMP bytes) go to output 1, or without one are
 * dropped (reason "not an echo request").  A packet without a complete IP header at its network
 * header annotation (which Click would read anyway) is treated the same way. */
#include "ip/ckip.h"
#include "standard/ckoutput.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    unsigned char *iph = ck_network_header(p);
    unsigned char *icmph = ck_transport_header(p);
    if (!iph || !icmph || ck_network_length(p) < CKIP_HDR || ck_transport_length(p) < 8
        || iph[CKIP_P] != CKIP_PROTO_ICMP || icmph[0] != CKICMP_ECHO) {
        CK_OUTPUT1_OR_DROP(p, "not an echo request");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    iph = ck_network_header(p);
    icmph = ck_transport_header(p);
    unsigned char tmp[4];
    memcpy(tmp, iph + CKIP_DST, 4);
    memcpy(iph + CKIP_DST, iph + CKIP_SRC, 4);
    memcpy(iph + CKIP_SRC, tmp, 4);
    ck_update_in_cksum(iph + CKIP_SUM, ck_raw16(iph + CKIP_OFF), 0);
    ck_set_raw16(iph + CKIP_OFF, 0);
    uint16_t old_hw = ck_raw16(iph + CKIP_TTL);
    iph[CKIP_TTL] = 255;
    ck_update_in_cksum(iph + CKIP_SUM, old_hw, ck_raw16(iph + CKIP_TTL));
    memcpy(p->anno + DST_IP_ANNO_OFFSET, iph + CKIP_DST, 4);
    p->ts_ns = ck_now_ns();
    p->anno[PAINT_ANNO_OFFSET] = 0;
    old_hw = ck_raw16(icmph);
    icmph[0] = CKICMP_ECHOREPLY;
    icmph[1] = 0;
    ck_update_in_cksum(icmph + 2, old_hw, ck_raw16(icmph));
    if (ck_raw16(icmph + 2) == 0) { /* click_update_zero_in_cksum */
        const unsigned char *x = icmph, *end = p->data + p->len;
        while (x < end && *x == 0)
            x++;
        if (x == end)
            ck_set_raw16(icmph + 2, 0xFFFF);
    }
    return p;
}
#include "simple_action.h"
