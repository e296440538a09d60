/* MarkMACHeader([OFFSET, LENGTH]): the MAC header annotation points OFFSET bytes into the data
 * (Click's elements/standard/markmacheader.cc); with LENGTH > 0 the network header annotation
 * is set LENGTH bytes after it (the transport header annotation stays), as Click's
 * set_mac_header(p, len) does.  Only annotations change.  Click asserts that the header lies
 * inside the packet's buffer; a packet whose buffer ends before OFFSET + LENGTH is dropped
 * with the reason "MAC header outside the buffer". */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint64_t mac = (uint64_t)(p->data - p->head) + (uint32_t)CONF(OFFSET);
    if (mac + (uint32_t)CONF(LENGTH) > (uint64_t)(p->end - p->head)) {
        ck_drop(p, ELEMENT_INDEX, "MAC header outside the buffer");
        return NULL;
    }
    p->mac_off = (int32_t)mac;
    if (CONF(LENGTH))
        p->nh_off = (int32_t)(mac + (uint32_t)CONF(LENGTH));
    return p;
}
#include "simple_action.h"
