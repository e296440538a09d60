/* UnstripIPHeader: Click's elements/ip/unstripipheader.cc.  When the network header annotation
 * lies before the data (StripIPHeader went past it), the data is extended back to start
 * there; otherwise the packet passes unchanged.  A packet without a network header annotation
 * (Click asserts there is one) is dropped with the reason "no network header". */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->nh_off < 0) {
        ck_drop(p, ELEMENT_INDEX, "no network header");
        return NULL;
    }
    int off = ck_network_header_offset(p);
    if (off < 0) {
        p = ck_packet_push(p, (uint32_t)-off);
        if (!p)
            ck_count_drop(ELEMENT_INDEX, "out of memory");
    }
    return p;
}
#include "simple_action.h"
