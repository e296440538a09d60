/* CheckUDPHeader([VERBOSE, DETAILS]): checks the UDP header of IP packets whose network and
 * transport headers are set (Click's elements/tcpudp/checkudpheader.cc): the packet must be
 * UDP ("not UDP"); the UDP length must be at least 8 and the packet must hold the IP header
 * and that many bytes after it ("bad packet length"); a nonzero checksum must be
 * correct over the pseudo-header and the UDP length ("bad UDP checksum").  Bad packets go to
 * output 1, or are dropped (counted under the reason) without one; the first failure, and
 * every one with VERBOSE, prints "UDP header check failed: REASON" (Click names no element
 * here).
 *
 * Where Click would read past the data (a total length below the header length, a UDP header
 * outside the packet) the packet counts as "bad packet length". */
#include "ip/ckip.h"

static const char *const ELEM(reason_texts)[] = {
    "not UDP", "bad packet length", "bad UDP checksum"
};

#define CKCHECK_CHATTER(reason) ck_chatter("UDP header check failed: %s", (reason))
#include "ip/ckcheckdrop.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long nlen = ck_network_length(p);
    if (nlen <= CKIP_P || ck_network_header(p)[CKIP_P] != CKIP_PROTO_UDP)
        return ELEM(drop)(0, p);
    const unsigned char *ip = ck_network_header(p);
    uint32_t iph_len = (uint32_t)(ip[0] & 0xF) << 2;
    if (nlen < CKIP_HDR || (long)iph_len > nlen)
        return ELEM(drop)(1, p);
    long tlen = ck_transport_length(p);
    if (tlen < 8)
        return ELEM(drop)(1, p);
    const unsigned char *udp = ck_transport_header(p);
    uint32_t len = ck_get16(udp + 4);
    /* Click: length >= UDP length + IP header length + network header offset */
    if (len < 8 || (long)(len + iph_len) > nlen || (long)len > tlen)
        return ELEM(drop)(1, p);
    if (ck_raw16(udp + 6) != 0) {
        uint16_t csum = ck_in_cksum(udp, len);
        if (ck_in_cksum_pseudohdr(csum, ip, (int)len) != 0)
            return ELEM(drop)(2, p);
    }
    return p;
}
#include "simple_action.h"
