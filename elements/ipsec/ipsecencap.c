/* IPsecEncap(PROTO): prepends the outer IPv4 header of an IPsec tunnel (Click's
 * elements/ipsec/ipsecencap.cc): version 4, header length 20, TOS 0, TTL 250, protocol PROTO,
 * source 0.0.0.0 with the FIX_IP_SRC annotation set (a later FixIPSrc fills in the interface
 * address), destination the packet's DST_IP annotation (the tunnel gateway RadixIPsecLookup
 * set), total length the new packet's length, an ID counting from 0 per element, and a full
 * header checksum.  Sets the network header.  (Click's configure reads only PROTO; its other
 * documented keywords are not read, so clickc accepts only PROTO too.) */
#include "ip/ckip.h"
#include "ip/ckipencap.h"

static int
ELEM(init)(ck_errh *errh)
{
    if ((long)CONF(PROTO) < 0 || (long)CONF(PROTO) > 255)
        return ck_error(errh, "bad IP protocol");
    CK_STAT_STORE(ELEM(id), 0);
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_push(p, CKIP_HDR);
    if (!p)
        return NULL;
    unsigned char *ip = p->data;
    memset(ip, 0, CKIP_HDR);
    ip[CKIP_VHL] = 0x45;
    ip[CKIP_TTL] = 250;
    ip[CKIP_P] = (unsigned char)CONF(PROTO);
    memcpy(ip + CKIP_DST, p->anno + DST_IP_ANNO_OFFSET, 4);
    ck_set_anno_u8(p, FIX_IP_SRC_ANNO_OFFSET, 1);
    ELEM(set_len_id)(ip, p);
    ck_set_raw16(ip + CKIP_SUM, ck_in_cksum(ip, CKIP_HDR));
    ck_set_network_header(p, ip, CKIP_HDR);
    return p;
}

#include "simple_action.h"
