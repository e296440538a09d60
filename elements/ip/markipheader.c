/* MarkIPHeader([OFFSET]): sets the network header to the IP header at OFFSET, with the header
 * length from its ip_hl field, without checking it (Click's elements/ip/markipheader.cc).
 * When the packet has no byte at OFFSET (Click would read past the data) the header length
 * is taken as 0; later elements see a network header with nothing behind it. */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (uint32_t)CONF(OFFSET);
    unsigned char *ip = p->data + offset;
    uint32_t hlen = offset < p->len ? (uint32_t)(ip[0] & 0xF) << 2 : 0;
    ck_set_network_header(p, ip, hlen);
    return p;
}
#include "simple_action.h"
