/* EraseIPPayload: Click's elements/analysis/eraseippayload.cc, on the IP header the network
 * header annotation marks and the transport header after it.  TCP: the bytes after the TCP
 * header (th_off words) become zeros, and the checksum too when the packet holds it; UDP: the
 * bytes after the 8-byte header, and the checksum when present; ICMP passes untouched; any other
 * protocol is dropped ("not TCP, UDP or ICMP").  A packet without an IP header is dropped ("no IP
 * header"); a TCP header too short to hold its offset (Click would read past the data) has no
 * payload to erase. */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR || ck_transport_length(p) < 0) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    unsigned proto = ck_network_header(p)[CKIP_P];
    if (proto == CKIP_PROTO_ICMP)
        return p;
    if (proto != CKIP_PROTO_TCP && proto != CKIP_PROTO_UDP) {
        ck_drop(p, ELEMENT_INDEX, "not TCP, UDP or ICMP");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    unsigned char *th = ck_transport_header(p);
    long tlen = ck_transport_length(p);
    long hl = 8, sum = 6;
    if (proto == CKIP_PROTO_TCP) {
        hl = tlen >= 13 ? (long)(th[12] >> 4) << 2 : tlen;
        sum = 16;
    }
    if (hl < tlen)
        memset(th + hl, 0, (size_t)(tlen - hl));
    if (sum + 2 <= tlen)
        th[sum] = th[sum + 1] = 0;
    return p;
}
#include "simple_action.h"
