/* DropBroadcasts: packets whose packet type annotation is BROADCAST or MULTICAST go to
 * output 1, or are dropped (reason "link-level broadcast") without one; the first prints
 * "DropBroadcasts: dropped a packet" (Click's elements/standard/dropbroadcasts.cc). */
/* Concurrency (docs/concurrency.md): with ELEMENT_NTHREADS > 1 the drop counter is updated
 * and read with relaxed atomics (standard/ckstat.h). */
#include "standard/ckstat.h"
#include "standard/ckoutput.h"
static uint32_t ELEM(drops);

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->packet_type == CK_PACKET_BROADCAST || p->packet_type == CK_PACKET_MULTICAST) {
        if (CK_STAT_FETCH_ADD(ELEM(drops), 1) == 0)
            ck_chatter("DropBroadcasts: dropped a packet");
        CK_OUTPUT1_OR_DROP(p, "link-level broadcast");
        return NULL;
    }
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
