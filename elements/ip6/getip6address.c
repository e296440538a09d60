/* GetIP6Address(OFFSET): copies the 16-byte IPv6 address OFFSET bytes into the packet data
 * into the destination IPv6 annotation (DST_IP6_ANNO, annotation bytes 0-15) (Click's
 * elements/ip6/getip6address.cc).  Where Click would read past the data (fewer than 16 bytes
 * from OFFSET) the annotation is left unchanged. */
#include "ip6/ckip6.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const uint64_t off = (uint64_t)CONF(OFFSET);
    if (off + 16 <= p->len)
        ck_set_dst_ip6_anno(p, p->data + off);
    return p;
}
#include "simple_action.h"
