/* DecIP6HLIM: decrements the hop limit of the IPv6 header at the packet's network header
 * (Click's elements/ip6/decip6hlim.cc); a packet whose hop limit is 0 or 1 goes to output 1
 * (dropped, counted as "hop limit expired", without one) and is counted in drops.  IPv6 has no
 * header checksum.  A packet without a complete IPv6 network header (Click asserts there is
 * one) is dropped with the reason "no IP6 header".  Handler: drops. */
#include "ip6/ckip6.h"

/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counter is updated
 * and read with relaxed atomics (standard/ckstat.h). */
#include "standard/ckstat.h"
static uint32_t ELEM(drops);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP6_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP6 header");
        return NULL;
    }
    if (ck_network_header(p)[CKIP6_HLIM] <= 1) {
        CK_STAT_ADD(ELEM(drops), 1);
        if (NOUTPUTS > 1)
            OUTPUT(1, p);
        else
            ck_drop(p, ELEMENT_INDEX, "hop limit expired");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    ck_network_header(p)[CKIP6_HLIM]--;
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
