/* TCPFragmenter(MTU, MTU_ANNO): splits TCP packets (Click's elements/tcpudp/tcpfragmenter.cc).
 * The MTU is MTU, or the MTU_ANNO annotation when it is nonzero and MTU is 0 or larger.  With
 * hlen the IP and TCP header lengths and len the TCP payload length (IP total length - hlen),
 * a packet passes unchanged when the MTU is 0, MTU <= hlen or len < MTU - hlen; otherwise it
 * becomes ceil(len / (MTU - hlen)) packets, each a copy of the whole packet (link header too)
 * with the next MTU - hlen payload bytes (fewer in the last), the IP total length from the
 * network header to the end, the sequence number advanced by the payload offset, FIN cleared
 * while offset + MTU < len (Click's test), and new IP and TCP checksums.  As in Click the IP
 * protocol is not checked and the payload is taken to end the packet.
 *
 * Where Click would read past the data, the packet passes unchanged (counted): no network
 * header, less than the IP and TCP headers it claims, or an IP total length beyond the data.
 * Handlers: count, fragmented_count, fragments. */
#include "ip/ckip.h"
#include "standard/ckstat.h"

/* Concurrency: with ELEMENT_NTHREADS > 1 the counters are relaxed atomics. */
static uint32_t ELEM(count), ELEM(fragmented_count), ELEM(fragments);

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    int mtu = (int)CONF(MTU);
#if CONF_GIVEN(MTU_ANNO)
    {
        int a = (int)ck_anno_u16(p, (int)CONF(MTU_ANNO));
        if (a && (!mtu || mtu > a))
            mtu = a;
    }
#endif
    CK_STAT_ADD(ELEM(count), 1);
    long nlen = ck_network_length(p);
    const unsigned char *ip = ck_network_header(p);
    int hlen = 0, tcp_len = 0;
    if (nlen >= CKIP_HDR) {
        int iphl = (ip[0] & 0xF) << 2;
        if (iphl + 20 <= nlen) {
            hlen = iphl + ((ip[iphl + 12] >> 4) << 2);
            tcp_len = (int)ck_get16(ip + CKIP_LEN) - hlen;
            if (hlen > nlen || hlen + tcp_len > nlen || tcp_len < 0)
                hlen = 0;
        }
    }
    int max_tcp_len = mtu - hlen;
    if (!hlen || !mtu || max_tcp_len <= 0 || tcp_len < max_tcp_len) {
        OUTPUT(0, p);
        return;
    }
    CK_STAT_ADD(ELEM(fragmented_count), 1);
    for (int offset = 0; offset < tcp_len; offset += max_tcp_len) {
        ck_packet *q;
        if (offset + max_tcp_len < tcp_len)
            q = ck_packet_clone(p);
        else {
            q = p;
            p = NULL;
        }
        if (q)
            q = ck_packet_uniqueify(q);
        if (!q)
            break;
        unsigned char *qip = ck_network_header(q);
        int iphl = (qip[0] & 0xF) << 2;
        unsigned char *tcp = qip + iphl;
        unsigned char *data = qip + hlen;
        int this_len = tcp_len - offset > max_tcp_len ? max_tcp_len : tcp_len - offset;
        if (offset != 0)
            memmove(data, data + offset, (size_t)this_len);
        ck_packet_take(q, (uint32_t)(tcp_len - this_len));
        long qlen = ck_network_length(q);
        ck_put16(qip + CKIP_LEN, (uint16_t)qlen);
        ck_ip_set_cksum(qip, (uint32_t)iphl);
        if ((tcp[13] & 0x01) && offset + mtu < tcp_len)
            tcp[13] ^= 0x01;
        uint32_t seq = ((uint32_t)tcp[4] << 24 | (uint32_t)tcp[5] << 16 | (uint32_t)tcp[6] << 8
                        | tcp[7]) + (uint32_t)offset;
        ck_put16(tcp + 4, (uint16_t)(seq >> 16));
        ck_put16(tcp + 6, (uint16_t)seq);
        ck_transport_set_cksum(qip, tcp, (uint32_t)(qlen - iphl), 16);
        CK_STAT_ADD(ELEM(fragments), 1);
        OUTPUT(0, q);
    }
    if (p)
        ck_packet_kill(p);
}

#include "standard/ckdata.h"
CK_DATA_READ(count, CK_STAT_LOAD(ELEM(count)));
CK_DATA_READ(fragmented_count, CK_STAT_LOAD(ELEM(fragmented_count)));
CK_DATA_READ(fragments, CK_STAT_LOAD(ELEM(fragments)));
