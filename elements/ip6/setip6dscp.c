/* SetIP6DSCP(DSCP): sets the six DSCP bits of the IPv6 traffic class (bits 4-9 of the header's
 * first word, keeping the version, the two ECN bits and the flow label) at the network header
 * (Click's elements/ip6/setip6dscp.cc).  IPv6 has no header checksum.  The dscp handler (ip/ckdscp.h)
 * reads and changes the value.  A packet whose network header does not hold that first word (Click
 * asserts there is a header) is dropped with the reason "no IP6 header". */
#include "ckargs.h"
#include "ip6/ckip6.h"

#include "ip/ckdscp.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (ck_network_length(p) < 4) {
        ck_drop(p, ELEMENT_INDEX, "no IP6 header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char *ip6 = ck_network_header(p);
    /* DSCP occupies the low nibble of byte 0 and the top two bits of byte 1 */
    ip6[0] = (unsigned char)((ip6[0] & 0xF0) | (ELEM(dscp) >> 2));
    ip6[1] = (unsigned char)((ip6[1] & 0x3F) | ((ELEM(dscp) & 3) << 6));
    return p;
}
#include "simple_action.h"
