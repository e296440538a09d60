/* IPMirror([DST_ANNO]): swaps the IP source and destination addresses and, for TCP and UDP
 * first fragments with 8 transport bytes, the ports (and TCP's sequence and acknowledgement
 * numbers), as Click's elements/ip/ipmirror.cc.  The checksums stay valid (the swapped words
 * sum the same).  DST_ANNO (default true) sets the destination address annotation to the new
 * destination.  A packet without a complete IP header (which Click would read past) is dropped
 * with the reason "no IP header". */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_header(p) == NULL
        || (p->data + p->len) - ck_network_header(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *ip = ck_network_header(p);
    unsigned char tmp[4];
    memcpy(tmp, ip + CKIP_SRC, 4);
    memcpy(ip + CKIP_SRC, ip + CKIP_DST, 4);
    memcpy(ip + CKIP_DST, tmp, 4);
    if (CONF(DST_ANNO))
        memcpy(p->anno, tmp, 4);
    unsigned char *th = ck_transport_header(p);
    if (!th)
        th = ip + ((ip[CKIP_VHL] & 0xF) << 2);
    if ((ip[CKIP_P] == CKIP_PROTO_TCP || ip[CKIP_P] == CKIP_PROTO_UDP)
        && (ck_get16(ip + CKIP_OFF) & CKIP_OFFMASK) == 0 && (p->data + p->len) - th >= 8) {
        memcpy(tmp, th, 2);
        memcpy(th, th + 2, 2);
        memcpy(th + 2, tmp, 2);
        if (ip[CKIP_P] == CKIP_PROTO_TCP) {
            /* Click swaps sequence and acknowledgement numbers once the ports fit (it reads
             * them whatever the length); clickc swaps only what is in the packet */
            if ((p->data + p->len) - th >= 12) {
                memcpy(tmp, th + 4, 4);
                memcpy(th + 4, th + 8, 4);
                memcpy(th + 8, tmp, 4);
            }
        }
    }
    return p;
}
#include "simple_action.h"
