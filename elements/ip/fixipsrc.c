/* FixIPSrc(IPADDR): when the FIX_IP_SRC annotation is set (ICMPError sets it), clears it,
 * sets the IP source address to IPADDR and recomputes the header checksum (Click's
 * elements/ip/fixipsrc.cc).  A packet whose IP header is not all present (Click would write
 * past the data) passes unchanged. */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_anno_u8(p, FIX_IP_SRC_ANNO_OFFSET) && p->nh_off >= 0) {
        long nlen = ck_network_length(p);
        if (nlen < CKIP_HDR)
            return p;
        unsigned char *ip0 = ck_network_header(p);
        uint32_t hlen = (uint32_t)(ip0[0] & 0xF) << 2;
        if ((long)hlen > nlen)
            return p;
        p = ck_packet_uniqueify(p);
        if (!p)
            return NULL;
        unsigned char *ip = ck_network_header(p);
        ck_set_anno_u8(p, FIX_IP_SRC_ANNO_OFFSET, 0);
        uint32_t a = CONF(IPADDR);
        memcpy(ip + CKIP_SRC, &a, 4);
        ck_ip_set_cksum(ip, hlen);
    }
    return p;
}
#include "simple_action.h"
