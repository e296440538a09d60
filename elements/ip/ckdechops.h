/* The hop count decrement of DecIPTTL and DecIP6HLIM (per instance): ELEM(drops), the count of
 * expired packets, and ELEM(dec_hops).  Concurrency (docs/concurrency.md): with
 * ELEMENT_NTHREADS > 1 the drop counter is updated and read with relaxed atomics
 * (standard/ckstat.h). */
#include "standard/ckoutput.h"
#include "standard/ckstat.h"

static uint32_t ELEM(drops);

/* p (whose network header has at least off + 1 bytes) with the hop count at byte off of its
 * network header decremented, made writable first; NULL when out of memory, or when the count
 * is 0 or 1: the packet expired, counted in ELEM(drops), and left on output 1 or was dropped
 * with reason (Click's checked_output_push). */
static ck_packet *ELEM(dec_hops)(ck_packet *p, int off, const char *reason)
{
    if (ck_network_header(p)[off] <= 1) {
        CK_STAT_ADD(ELEM(drops), 1);
        CK_OUTPUT1_OR_DROP(p, reason);
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (p)
        ck_network_header(p)[off]--;
    return p;
}
