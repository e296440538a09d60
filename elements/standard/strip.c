/* Strip(LENGTH): removes LENGTH bytes from the front of each packet (Click's
 * elements/standard/strip.cc); a shorter packet becomes empty. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    ck_packet_pull(p, (uint32_t)CONF(LENGTH));
    return p;
}
#include "simple_action.h"
