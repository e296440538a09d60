/* StoreData(OFFSET, DATA): writes DATA into each packet at byte OFFSET, cut at the packet's
 * end (Click's elements/standard/storedata.cc); a packet no longer than OFFSET passes
 * unchanged. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const uint32_t off = (uint32_t)CONF(OFFSET);
    if (p->len <= off)
        return p;
    p = ck_packet_uniqueify(p);
    if (!p)
        return NULL;
    uint32_t n = p->len - off;
    if ((uint32_t)CONF_LEN(DATA) < n)
        n = (uint32_t)CONF_LEN(DATA);
    memcpy(p->data + off, CONF(DATA), n);
    return p;
}
#include "simple_action.h"
