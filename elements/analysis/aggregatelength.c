/* AggregateLength([IP]): Click's elements/analysis/aggregatelen.cc.  The aggregate annotation
 * becomes the packet's length plus its EXTRA_LENGTH annotation; with IP, less the bytes before
 * the network header, and a packet without a network header annotation is dropped ("no network
 * header"). */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    int off = 0;
    if (CONF(IP)) {
        if (p->nh_off < 0) {
            ck_drop(p, ELEMENT_INDEX, "no network header");
            return NULL;
        }
        off = ck_network_header_offset(p);
    }
    uint32_t len = p->len - (uint32_t)off + ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
    ck_set_anno_u32(p, AGGREGATE_ANNO_OFFSET, len);
    return p;
}
#include "simple_action.h"
