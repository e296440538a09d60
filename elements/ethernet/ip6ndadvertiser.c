/* IP6NDAdvertiser(IP6/MASK ... ETH, ...): answers IPv6 neighbor solicitations (RFC 4861 4.3)
 * for the configured addresses and prefixes with neighbor advertisements (Click's
 * elements/ethernet/ip6ndadvertiser.cc).
 *
 * Input: Ethernet frames.  A frame is answered when it holds at least the Ethernet, IPv6 and
 * 32-byte solicitation headers, its type is IPv6, its hop limit 255, its ICMPv6 type 135 and
 * code 0, its checksum is right (Click checks the first 32 bytes of the message, with the
 * pseudo-header's length from the IPv6 header) and its target matches an entry (the most
 * specific; the configuration is compiled by clickc.elements.parsers:ip6_nd_entries into
 * ELEM(conf_entries)).  The answer: Ethernet from the entry's address to the solicitation's
 * source, IPv6 from the target to the solicitation's source address (hop limit 255), and an
 * advertisement with flags router and solicited, the target and a target link-layer address
 * option.  The solicitation is consumed; a frame that is not answered is dropped ("not a
 * neighbor solicitation for us"). */
#include "ip6/ckip6.h"

#define IP6NDA_ETH 14

static ck_packet *ELEM(make_response)(const unsigned char *dha, const unsigned char *sha,
                                      const unsigned char *dpa, const unsigned char *spa,
                                      const unsigned char *tpa, const unsigned char *tha)
{
    ck_packet *q = ck_packet_alloc(IP6NDA_ETH + CKIP6_HDR + CKND_ADV_LEN);
    if (!q)
        return NULL;
    unsigned char *e = q->data;
    memset(e, 0, q->len);
    memcpy(e, dha, 6);
    memcpy(e + 6, sha, 6);
    ck_put16(e + 12, CKETHERTYPE_IP6);
    unsigned char *ip6 = e + IP6NDA_ETH;
    ip6[0] = 0x60;
    ck_put16(ip6 + CKIP6_PLEN, CKND_ADV_LEN);
    ip6[CKIP6_NXT] = CKIP6_PROTO_ICMP6;
    ip6[CKIP6_HLIM] = 0xFF;
    memcpy(ip6 + CKIP6_SRC, spa, 16);
    memcpy(ip6 + CKIP6_DST, dpa, 16);
    unsigned char *ea = ip6 + CKIP6_HDR;
    ea[0] = CKND_ADV;
    ea[1] = 0;
    ea[4] = 0xC0; /* router, solicited */
    memcpy(ea + 8, tpa, 16);
    ea[24] = 2; /* target link-layer address option, 1 unit of 8 bytes */
    ea[25] = 1;
    memcpy(ea + 26, tha, 6);
    uint16_t plen = ck_raw16(ip6 + CKIP6_PLEN);
    ck_put16(ea + 2, ck_in6_fast_cksum(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, plen,
                                       CKIP6_PROTO_ICMP6, 0, ea, plen));
    return q;
}

/* IP6NDAdvertiser::lookup: the entry with the most specific mask matching a, or -1 */
static int ELEM(lookup)(const unsigned char *a)
{
    int best = -1, best_len = -1;
    for (int i = 0; i < ELEM(conf_entries_n); i++)
        if (ck_ip6_matches(a, ELEM(conf_entries)[i].addr, ELEM(conf_entries)[i].mask)) {
            int len = ck_ip6_mask_len(ELEM(conf_entries)[i].mask);
            if (best < 0 || len >= best_len) {
                best = i;
                best_len = len;
            }
        }
    return best;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const unsigned char *e = p->data;
    const unsigned char *ip6 = e + IP6NDA_ETH;
    const unsigned char *ea = ip6 + CKIP6_HDR;
    if (p->len >= IP6NDA_ETH + CKIP6_HDR + CKND_SOL_LEN
        && ck_get16(e + 12) == CKETHERTYPE_IP6
        && ip6[CKIP6_HLIM] == 0xFF && ea[0] == CKND_SOL && ea[1] == 0
        && ck_in6_fast_cksum(ip6 + CKIP6_SRC, ip6 + CKIP6_DST, ck_raw16(ip6 + CKIP6_PLEN),
                             ip6[CKIP6_NXT], ck_raw16(ea + 2), ea, htons(CKND_SOL_LEN))
           == ck_get16(ea + 2)) {
        int i = ELEM(lookup)(ea + 8);
        if (i >= 0) {
            const unsigned char *eth = ELEM(conf_entries)[i].eth;
            ck_packet *q = ELEM(make_response)(e + 6, eth, ip6 + CKIP6_SRC, ea + 8, ea + 8, eth);
            if (!q) {
                ck_drop(p, ELEMENT_INDEX, "out of memory");
                return NULL;
            }
            ck_packet_kill(p);
            return q;
        }
    }
    ck_drop(p, ELEMENT_INDEX, "not a neighbor solicitation for us");
    return NULL;
}
#include "simple_action.h"

#undef IP6NDA_ETH
