/* MarkIP6Header([OFFSET]): the network header is the IPv6 header OFFSET bytes into the data
 * and the transport header starts 40 bytes after it, the length of the fixed IPv6 header,
 * whatever the packet holds (Click's elements/ip6/markip6header.cc, which checks nothing).
 * An OFFSET past the data marks the end of the data instead (Click points past the buffer);
 * later elements see a network header with nothing behind it. */
#include "ip6/ckip6.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t offset = (uint32_t)CONF(OFFSET);
    if (offset > p->len)
        offset = p->len;
    ck_set_network_header(p, p->data + offset, CKIP6_HDR);
    return p;
}
#include "simple_action.h"
