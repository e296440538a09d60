/* SetIPDSCP(DSCP): sets the DSCP bits of the IP TOS byte (keeping the two ECN bits) and
 * updates the header checksum incrementally (Click's elements/ip/setipdscp.cc).  The dscp
 * handler (ip/ckdscp.h) reads and changes the value.  A packet without a complete IP header (Click would
 * write past the data) is dropped with the reason "no IP header". */
#include "ckargs.h"
#include "ip/ckip.h"

#include "ip/ckdscp.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < CKIP_HDR) {
        ck_drop(p, ELEMENT_INDEX, "no IP header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *ip = ck_network_header(p);
    uint16_t old_hw = ck_raw16(ip);
    ip[CKIP_TOS] = (unsigned char)((ip[CKIP_TOS] & 0x3) | (ELEM(dscp) << 2));
    ck_update_in_cksum(ip + CKIP_SUM, old_hw, ck_raw16(ip));
    return p;
}
#include "simple_action.h"
