/* DecIPTTL([ACTIVE, MULTICAST]): decrements the IP TTL and updates the checksum
 * incrementally (RFC 1624, as Click's elements/ip/decipttl.cc); a packet whose TTL is 0 or 1
 * goes to output 1 (dropped, counted as "TTL expired", without one) and is counted in drops.
 * MULTICAST false passes multicast destinations untouched; ACTIVE false passes everything.
 * A packet without a complete IP header (Click would read past the data) is dropped with the
 * reason "no IP header". */
#include "ip/ckip.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counter is updated
 * and read with relaxed atomics (standard/ckstat.h). */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);
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
    if (ip0[CKIP_TTL] <= 1) {
        CK_STAT_ADD(ELEM(drops), 1);
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "TTL expired");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *ip = ck_network_header(p);
    ip[CKIP_TTL]--;
    uint32_t sum = (~(uint32_t)ck_get16(ip + CKIP_SUM) & 0xFFFF) + 0xFEFF;
    ck_put16(ip + CKIP_SUM, (uint16_t)~(sum + (sum >> 16)));
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));

#define CK_ACTIVE_ERROR "expected boolean"
#include "standard/ckactive.h"
