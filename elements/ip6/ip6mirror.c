/* IP6Mirror: swaps the source and destination addresses of the IPv6 header at the network
 * header and, when its next header is TCP (6) or UDP (17) and eight bytes of transport header
 * are in the packet, the source and destination ports (Click's elements/ip6/ip6mirror.cc).
 * Checksums stay valid: swapping changes no sum.  A packet without a complete 40-byte IPv6
 * header at its network header (Click asserts one) is dropped with the reason
 * "no IP6 header". */
#include "ip6/ckip6.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP6_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP6 header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *ip6 = ck_network_header(p), t[16];
    memcpy(t, ip6 + CKIP6_SRC, 16);
    memcpy(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, 16);
    memcpy(ip6 + CKIP6_DST, t, 16);
    unsigned char *th = ck_transport_header(p);
    if ((ip6[CKIP6_NXT] == 6 || ip6[CKIP6_NXT] == 17) && th && th >= p->data
        && th + 8 <= p->data + p->len) {
        unsigned char sp[2] = {th[0], th[1]};
        th[0] = th[2];
        th[1] = th[3];
        th[2] = sp[0];
        th[3] = sp[1];
    }
    return p;
}
#include "simple_action.h"
