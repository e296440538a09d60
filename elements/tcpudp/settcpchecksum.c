/* SetTCPChecksum([FIXOFF]): recomputes the TCP checksum (Click's
 * elements/tcpudp/settcpchecksum.cc) over the IP length minus the IP header length, which must
 * cover a 20-byte TCP header and fit in the bytes from the transport header on.  With FIXOFF
 * a data offset below 5 words becomes 5, and one beyond the TCP length (not in a fragment)
 * becomes the TCP length in words.  Other packets are dropped with Click's message
 * "SetTCPChecksum: bad lengths" (reason "bad lengths"); a packet without a complete IP header
 * at its network header annotation (which Click would read anyway) likewise. */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *iph = ck_network_header(p);
    unsigned char *th = ck_transport_header(p);
    long nlen = ck_network_length(p), tlen = ck_transport_length(p);
    uint32_t hl, plen;
    if (!iph || !th || nlen < CKIP_HDR || tlen < 0
        || (long)(hl = (uint32_t)(iph[CKIP_VHL] & 0xF) << 2) > nlen
        || (plen = (uint32_t)ck_get16(iph + CKIP_LEN) - hl) < 20 || plen > (uint32_t)tlen) {
        ck_chatter("SetTCPChecksum: bad lengths");
        ck_drop(p, ELEMENT_INDEX, "bad lengths");
        return NULL;
    }
    if (CONF(FIXOFF)) {
        uint32_t off = (uint32_t)(th[12] >> 4) << 2;
        int frag = (ck_get16(iph + CKIP_OFF) & (CKIP_MF | CKIP_OFFMASK)) != 0;
        if (off < 20)
            th[12] = (unsigned char)((th[12] & 0x0F) | (5 << 4));
        else if (off > plen && !frag)
            th[12] = (unsigned char)((th[12] & 0x0F) | (((plen >> 2) & 0xF) << 4));
    }
    ck_transport_set_cksum(iph, th, plen, 16);
    return p;
}
#include "simple_action.h"
