/* DecIP6HLIM: decrements the hop limit of the IPv6 header at the packet's network header
 * (Click's elements/ip6/decip6hlim.cc); a packet whose hop limit is 0 or 1 goes to output 1
 * (dropped, counted as "hop limit expired", without one) and is counted in drops.  IPv6 has no
 * header checksum.  A packet without a complete IPv6 network header (Click asserts there is
 * one) is dropped with the reason "no IP6 header".  Handler: drops. */
#include "ip6/ckip6.h"
#include "ip/ckdechops.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP6_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP6 header");
        return NULL;
    }
    return ELEM(dec_hops)(p, CKIP6_HLIM, "hop limit expired");
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
