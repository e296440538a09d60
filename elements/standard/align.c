/* Align(MODULUS, OFFSET): moves packet data so that its first byte's address is OFFSET modulo
 * MODULUS (Click's elements/standard/align.cc, Packet::shift_data). MODULUS must be 2, 4 or 8
 * and OFFSET smaller than it (checked at initialization, Click's messages). The data moves
 * forward by the difference inside its buffer (made unshared first; tailroom is grown when
 * short), and the MAC, network and transport header positions move with it, as shift_data
 * does. clickc's packets start 8-byte aligned (64 bytes of headroom in malloc'd buffers), so
 * Align only copies after elements that strip an odd number of bytes, as in Click. */
#include <stdint.h>

static int
ELEM(init)(ck_errh *errh)
{
    unsigned m = (unsigned)CONF(MODULUS);
    if (m != 2 && m != 4 && m != 8)
        return ck_error(errh, "MODULUS must be 2, 4, or 8");
    if ((unsigned)CONF(OFFSET) >= m)
        return ck_error(errh, "OFFSET must be smaller than MODULUS");
    return 0;
}

static ck_packet *ELEM(simple_action)(ck_packet *p)
{
    const uintptr_t mask = (uintptr_t)CONF(MODULUS) - 1;
    const uintptr_t want = (uintptr_t)CONF(OFFSET);
    if (((uintptr_t)p->data & mask) == want)
        return p;
    p = ck_packet_uniqueify(p);
    if (p && ck_packet_tailroom(p) < mask + 1) {
        uint32_t len = p->len;
        p = ck_packet_put(p, (uint32_t)mask + 1);
        if (p)
            ck_packet_take(p, p->len - len);
    }
    if (!p) {
        ck_count_drop(ELEMENT_INDEX, "out of memory");
        return NULL;
    }
    uint32_t delta = (uint32_t)((want - ((uintptr_t)p->data & mask)) & mask);
    memmove(p->data + delta, p->data, p->len);
    p->data += delta;
    if (p->mac_off >= 0)
        p->mac_off += (int32_t)delta;
    if (p->nh_off >= 0)
        p->nh_off += (int32_t)delta;
    if (p->th_off >= 0)
        p->th_off += (int32_t)delta;
    return p;
}
#include "simple_action.h"
