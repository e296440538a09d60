/* StripIPHeader: removes everything up to the transport header (Click's
 * elements/ip/stripipheader.cc pulls transport_header_offset() bytes).  The header
 * annotations stay where they were, so UnstripIPHeader can put the IP header back.  A packet
 * whose transport header annotation is unset or lies outside its data (Click reads an
 * undefined offset there) is dropped with the reason "no transport header". */
#include "ip/ckip.h"

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    long tlen = ck_transport_length(p);
    if (tlen < 0) {
        ck_drop(p, ELEMENT_INDEX, "no transport header");
        return NULL;
    }
    ck_packet_pull(p, p->len - (uint32_t)tlen);
    return p;
}
#include "simple_action.h"
