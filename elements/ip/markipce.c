/* MarkIPCE([FORCE]): Click's elements/ip/markipce.cc.  The IP header is the network header
 * annotation.  A packet already marked CE (ECN bits 11) passes untouched; an ECN-capable one
 * (ECT(0) or ECT(1)) gets the CE mark with its checksum updated; a packet that is not
 * ECN-capable is dropped ("not ECN-capable", counted by the drops handler, as Click's
 * documentation says; Click's own counter stays 0), or marked too with FORCE.  A packet
 * without a complete IP header (Click would read and write past the data) is dropped with the
 * reason "no IP header".  With ELEMENT_NTHREADS above 1 the drops counter is a relaxed
 * atomic (standard/ckstat.h). */
#include "ip/ckip.h"
#include "ip/cktos.h"
#include "standard/ckstat.h"

static uint64_t ELEM(drops); /* relaxed atomic updates above one thread (standard/ckstat.h) */

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    uint8_t ecn = ck_network_header(p)[CKIP_TOS] & CKIP_ECN_MASK;
    if (ecn == CKIP_ECN_NOT_ECT && !CONF(FORCE)) {
        CK_STAT_ADD(ELEM(drops), 1);
        ck_drop(p, ELEMENT_INDEX, "not ECN-capable");
        return NULL;
    }
    if (ecn == CKIP_ECN_CE)
        return p;
    p = ck_packet_uniqueify(p);
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    ck_ip_tos_update(ck_network_header(p), 0xFF, CKIP_ECN_CE);
    return p;
}
#include "simple_action.h"

#include "standard/ckdata.h"
CK_DATA_READ(drops, CK_STAT_LOAD(ELEM(drops)));
