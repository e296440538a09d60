/* ForceIP (Click's elements/local/forceip.cc): rewrites each packet's first bytes into an IPv4
 * header: version 4, total length the packet's length (16 bits), fragment field cleared except
 * on the 2nd packet of every 8, header length set to the packet's length / 4 (4 bits) when the
 * old one is under 20 bytes or longer than the packet, checksum recomputed over the header
 * length; the network header is set at the data with the old header length (cut at the
 * buffer's end, where Click aborts on an assertion).  Click writes the
 * fields of a packet shorter than 12 bytes past its end (into its tailroom); clickc writes them
 * into a zeroed copy of the first bytes and copies back what lies inside the packet, so the
 * packet's bytes are Click's and nothing is written outside it. */
#include "ip/ckip.h"

static uint32_t ELEM(count);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    uint32_t plen = p->len;
    unsigned char tmp[12] = {0};
    unsigned char *ip = plen >= sizeof tmp ? p->data : tmp;
    if (ip == tmp)
        memcpy(tmp, p->data, plen);
    ip[0] = (unsigned char)((ip[0] & 0x0F) | 0x40);
    ip[2] = (unsigned char)(plen >> 8), ip[3] = (unsigned char)plen;
    if ((ELEM(count)++ & 7) != 1)
        ip[6] = ip[7] = 0;
    unsigned hlen = (unsigned)(ip[0] & 0x0F) << 2;
    if (hlen < 20 || hlen > plen)
        ip[0] = (unsigned char)((ip[0] & 0xF0) | ((plen >> 2) & 0x0F));
    ip[10] = ip[11] = 0;
    uint32_t clen = (uint32_t)(ip[0] & 0x0F) << 2; /* <= plen: the check above */
    uint16_t sum = ck_in_cksum(ip, clen);
    memcpy(ip + 10, &sum, 2);
    if (ip == tmp)
        memcpy(p->data, tmp, plen);
    if (hlen > (uint32_t)(p->end - p->data)) /* Click aborts on an assertion */
        hlen = (uint32_t)(p->end - p->data);
    ck_set_network_header(p, p->data, hlen);
    return p;
}
#include "simple_action.h"
