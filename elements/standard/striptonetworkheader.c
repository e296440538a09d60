/* StripToNetworkHeader: the packet's data starts at its network header afterwards (Click's
 * elements/standard/striptonet.cc): the bytes in front of the header are stripped, or, when
 * the header lies before the data (a Strip went past it), they are put back.  A packet without
 * a network header annotation (Click would move by a meaningless offset) is dropped with the
 * reason "no network header". */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->nh_off < 0) {
        ck_drop(p, ELEMENT_INDEX, "no network header");
        return NULL;
    }
    int off = ck_network_header_offset(p);
    if (off >= 0) {
        ck_packet_pull(p, (uint32_t)off);
        return p;
    }
    p = ck_packet_push(p, (uint32_t)-off);
    if (!p)
        ck_count_drop(ELEMENT_INDEX, "out of memory");
    return p;
}
#include "simple_action.h"
