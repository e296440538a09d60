/* SetIP6Address(IPADDR): sets the destination IPv6 annotation (DST_IP6_ANNO, annotation bytes
 * 0-15) of every packet to IPADDR (Click's elements/ip6/setip6address.cc). */
#include "ip6/ckip6.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_set_dst_ip6_anno(p, CONF(IPADDR));
    return p;
}
#include "simple_action.h"
