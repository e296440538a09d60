/* Pad([LENGTH, ZERO]): with LENGTH > 0, a packet shorter than LENGTH bytes grows to LENGTH;
 * with LENGTH 0 every packet grows by its EXTRA_LENGTH annotation (undoing a Truncate).  Either
 * way EXTRA_LENGTH becomes 0 (Click's elements/standard/pad.cc).  ZERO (the default) fills the
 * new bytes with zeros; ZERO false leaves whatever the buffer held.  A packet that cannot grow
 * (out of memory) is dropped by ck_packet_put. */
static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    uint32_t add;
    if (CONF(LENGTH))
        add = p->len < (uint32_t)CONF(LENGTH) ? (uint32_t)CONF(LENGTH) - p->len : 0;
    else
        add = ck_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET);
    if (add) {
        p = ck_packet_put(p, add);
        if (!p) {
            ck_count_drop(ELEMENT_INDEX, "out of memory");
            return NULL;
        }
        if (CONF(ZERO))
            memset(p->data + p->len - add, 0, add);
    }
    ck_set_anno_u32(p, EXTRA_LENGTH_ANNO_OFFSET, 0);
    return p;
}
#include "simple_action.h"
