/* IP6Fragmenter(MTU): Click's elements/ip6/ip6fragmenter.cc passes packets whose length (the
 * whole packet data) is at most MTU on output 0; its fragmentation is a stub: a longer packet
 * is neither pushed nor freed, and its drops and fragments handlers stay 0.  clickc passes
 * the same packets and drops the longer ones with the reason "larger than MTU", counted in
 * drops (output 1, which Click declares but never uses, gets nothing either: the packets it
 * is documented for are the ones Click loses).  fragments is always 0. */
#include "standard/ckstat.h"

/* Concurrency: with ELEMENT_NTHREADS > 1 the drop counter is a relaxed atomic. */
static uint32_t ELEM(drops);

static CK_UNUSED void ELEM(push)(int port, ck_packet *p)
{
    (void)port;
    if (p->len <= (uint32_t)CONF(MTU)) {
        OUTPUT(0, p);
        return;
    }
    CK_STAT_ADD(ELEM(drops), 1);
    ck_drop(p, ELEMENT_INDEX, "larger than MTU");
}

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
CK_DATA_READ(fragments, 0);
