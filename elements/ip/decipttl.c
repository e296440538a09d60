/* DecIPTTL([ACTIVE, MULTICAST]): decrements the IP TTL and updates the checksum
 * incrementally (RFC 1624, as Click's elements/ip/decipttl.cc); a packet whose TTL is 0 or 1
 * goes to output 1 (dropped, counted as "TTL expired", without one) and is counted in drops.
 * MULTICAST false passes multicast destinations untouched; ACTIVE false passes everything.
 * A packet without a complete IP header (Click would read past the data) is dropped with the
 * reason "no IP header". */
#include "ip/ckip.h"
#include "ip/ckdechops.h"

static int ELEM(active) = 1;

static int
ELEM(init)(ck_errh *errh)
{
    (void)errh;
    ELEM(active) = CONF(ACTIVE) ? 1 : 0;
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (!ELEM(active))
        return p;
    if (ck_network_length(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    const unsigned char *ip0 = ck_network_header(p);
    if (!CONF(MULTICAST) && (ip0[CKIP_DST] & 0xF0) == 0xE0)
        return p;
    p = ELEM(dec_hops)(p, CKIP_TTL, "TTL expired");
    if (!p)
        return NULL;
    unsigned char *ip = ck_network_header(p);
    uint32_t sum = (~(uint32_t)ck_get16(ip + CKIP_SUM) & 0xFFFF) + 0xFEFF;
    ck_put16(ip + CKIP_SUM, (uint16_t)~(sum + (sum >> 16)));
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));

#define CK_ACTIVE_ERROR "expected boolean"
#include "standard/ckactive.h"
