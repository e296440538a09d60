/* TruncateIPPayload([LENGTH, TRANSPORT, EXTRA_LENGTH]): Click's
 * elements/ip/truncateippayload.cc.  The bytes kept after the network header: the IP header
 * (ip_hl words; 20 bytes when ip_hl is below 5), with TRANSPORT the transport header when the
 * packet has at least 10 network bytes (TCP: th_off words when the TCP header holds its offset
 * byte and th_off is at least 5, else 20; UDP: 8; ICMP: 8, or 20 for timestamp messages, when
 * 8 transport bytes are there), then LENGTH bytes; a longer packet loses the rest.  A packet
 * without a network header annotation keeps LENGTH bytes in all.  With EXTRA_LENGTH the bytes
 * removed are added to the EXTRA_LENGTH annotation.  A packet whose network header lies
 * outside the data (Click would read past the data, or into the headroom) passes unchanged. */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t keep = (uint16_t)CONF(LENGTH), cut;
    long nlen = ck_network_length(p);
    if (p->nh_off < 0) {
        if (p->len <= keep)
            return p;
        cut = p->len - keep;
    } else {
        const unsigned char *ip = ck_network_header(p);
        unsigned hl = nlen >= 1 ? (ip[CKIP_VHL] & 0xF) : 0;
        if (hl < 5)
            keep += CKIP_HDR;
        else {
            keep += hl << 2;
            if (CONF(TRANSPORT) && nlen >= 10) {
                long tlen = ck_transport_length(p);
                const unsigned char *th = ck_transport_header(p);
                switch (ip[CKIP_P]) {
                case CKIP_PROTO_TCP:
                    keep += tlen >= 13 && (th[12] >> 4) >= 5 ? (uint32_t)(th[12] >> 4) << 2 : 20;
                    break;
                case CKIP_PROTO_UDP:
                    keep += 8;
                    break;
                case CKIP_PROTO_ICMP:
                    if (tlen >= 8)
                        keep += th[0] == CKICMP_TSTAMP || th[0] == CKICMP_TSTAMPREPLY ? 20 : 8;
                    break;
                }
            }
        }
        if (nlen <= (long)keep)
            return p;
        cut = (uint32_t)(nlen - (long)keep);
    }
    if (CONF(EXTRA_LENGTH))
        ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET) + cut);
    ck_packet_take(p, cut);
    return p;
}
#include "simple_action.h"
