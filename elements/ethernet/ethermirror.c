/* EtherMirror: swaps the Ethernet source and destination addresses (Click's
 * elements/ethernet/ethermirror.cc).  A packet shorter than 12 bytes (Click would read and
 * write past its end) is dropped with the reason "no Ethernet header". */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    if (p->len < 12) {
        ck_drop(p, ELEMENT_INDEX, "no Ethernet header");
        return NULL;
    }
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    unsigned char tmp[6];
    memcpy(tmp, p->data, 6);
    memcpy(p->data, p->data + 6, 6);
    memcpy(p->data + 6, tmp, 6);
    return p;
}
#include "simple_action.h"
