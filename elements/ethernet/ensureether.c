/* EnsureEther([ETHERTYPE, SRC, DST]): Click's elements/ethernet/ensureether.cc, for packets
 * whose network header annotation marks an IP header.  A packet without one, or whose network
 * header lies before the data, passes unchanged.  When the IP header is 14 bytes in and the
 * type field there is IPv4 or IPv6 (0x0800, 0x86DD), the packet passes; when it is at the
 * start and the 14 bytes of headroom before it end in such a type field (a stripped header),
 * they are put back.  Otherwise the bytes before the IP header are removed and DST, SRC,
 * ETHERTYPE is prepended. Out of memory is a counted drop. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->nh_off < 0 || ck_network_header_offset(p) < 0)
        return p;
    int off = ck_network_header_offset(p);
    if (off == 14) {
        uint16_t t = (uint16_t)(p->data[12] << 8 | p->data[13]);
        if (t == 0x0800 || t == 0x86DD)
            return p;
    } else if (off == 0 && ck_packet_headroom(p) >= 14) {
        uint16_t t = (uint16_t)(p->data[-2] << 8 | p->data[-1]);
        if (t == 0x0800 || t == 0x86DD) {
            p->data -= 14; /* Click's nonunique_push: the bytes are the stripped header */
            p->len += 14;
            return p;
        }
    }
    ck_packet_pull(p, (uint32_t)off);
    p = ck_packet_push(p, 14);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    memcpy(p->data, (const unsigned char *)(CONF(DST)), 6);
    memcpy(p->data + 6, (const unsigned char *)(CONF(SRC)), 6);
    p->data[12] = (unsigned char)((uint16_t)CONF(ETHERTYPE) >> 8);
    p->data[13] = (unsigned char)CONF(ETHERTYPE);
    return p;
}
#include "simple_action.h"
