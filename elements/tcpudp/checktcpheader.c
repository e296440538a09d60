/* CheckTCPHeader([VERBOSE, DETAILS]): checks the TCP header of IP packets whose network and
 * transport headers are set (Click's elements/tcpudp/checktcpheader.cc): the packet must be
 * TCP ("not TCP"); the TCP header length must be at least 20, at most the IP payload length
 * (total length - header length), and the packet must hold the whole IP datagram ("bad
 * packet length"); the checksum over the pseudo-header and the payload must be correct ("bad
 * TCP checksum").  Bad packets go to output 1, or are dropped (counted under the reason)
 * without one; the first failure, and every one with VERBOSE, prints
 * "NAME :: CheckTCPHeader: TCP header check failed: REASON".
 *
 * Where Click would read past the data (a total length below the header length, a TCP header
 * outside the packet) the packet counts as "bad packet length". */
#include "ip/ckip.h"

static const char *const ELEM(reason_texts)[] = {
    "not TCP", "bad packet length", "bad TCP checksum"
};

#define CKCHECK_CHATTER(reason) ck_chatter("%s :: CheckTCPHeader: TCP header check failed: %s", ELEMENT_NAME, (reason))
#include "ip/ckcheckdrop.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long nlen = ck_network_length(p);
    if (nlen <= CKIP_P || ck_network_header(p)[CKIP_P] != CKIP_PROTO_TCP)
        return ELEM(drop)(0, p);
    const unsigned char *ip = ck_network_header(p);
    uint32_t iph_len = (uint32_t)(ip[0] & 0xF) << 2;
    if (nlen < CKIP_HDR || (long)iph_len > nlen)
        return ELEM(drop)(1, p);
    uint32_t ip_len = ck_get16(ip + CKIP_LEN);
    if (ip_len < iph_len)
        return ELEM(drop)(1, p);
    uint32_t len = ip_len - iph_len;
    /* the datagram must be in the packet: length >= len + iph_len + network header offset */
    if ((long)ip_len > nlen || len < 20)
        return ELEM(drop)(1, p);
    long tlen = ck_transport_length(p);
    if (tlen < (long)len)
        return ELEM(drop)(1, p);
    const unsigned char *tcp = ck_transport_header(p);
    uint32_t tcph_len = (uint32_t)(tcp[12] >> 4) << 2;
    if (tcph_len < 20 || len < tcph_len)
        return ELEM(drop)(1, p);
    uint16_t csum = ck_in_cksum(tcp, len);
    if (ck_in_cksum_pseudohdr(csum, ip, (int)len) != 0)
        return ELEM(drop)(2, p);
    return p;
}
#include "simple_action.h"
