/* Unstrip(LENGTH): puts LENGTH bytes back on the front of each packet (Click's
 * elements/standard/unstrip.cc: Packet::push, which copies when the headroom is too small or
 * the data is shared). Out of memory drops the packet. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    return ck_packet_push(p, (uint32_t)CONF(LENGTH));
}
#include "simple_action.h"
